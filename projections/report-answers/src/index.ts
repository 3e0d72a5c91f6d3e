export { reportAnswersProjection } from './report-answers.projection.js';
export { answersReportQuery } from './queries.js';
export * from './schema.js';
