export { reportStationScoresProjection } from './report-station-scores.projection.js';
export { stationScoresReportQuery } from './queries.js';
export * from './schema.js';
