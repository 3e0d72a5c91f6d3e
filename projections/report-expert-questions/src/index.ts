export { reportExpertQuestionsProjection } from './report-expert-questions.projection.js';
export { expertQuestionsReportQuery } from './queries.js';
export * from './schema.js';
