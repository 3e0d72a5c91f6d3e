export * from './privacy-requests.projection.js';
export * from './queries.js';
export type { PrivacyRequestsDB } from './schema.js';
