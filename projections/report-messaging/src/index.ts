export { reportMessagingProjection } from './report-messaging.projection.js';
export { messagingReportQuery } from './queries.js';
export * from './schema.js';
