export { reportStationsProjection } from './report-stations.projection.js';
export { stationsReportQuery } from './queries.js';
export * from './schema.js';
