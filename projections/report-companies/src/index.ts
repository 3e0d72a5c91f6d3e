export { reportCompaniesProjection } from './report-companies.projection.js';
export { companiesReportQuery } from './queries.js';
export * from './schema.js';
