export { reportStationContentAnswersProjection } from './report-station-content-answers.projection.js';
export { stationContentAnswersReportQuery } from './queries.js';
export * from './schema.js';
