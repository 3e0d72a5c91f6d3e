export { reportStationContentProjection } from './report-station-content.projection.js';
export { stationContentReportQuery } from './queries.js';
export * from './schema.js';
