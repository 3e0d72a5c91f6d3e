export * from './companies.projection.js';
export * from './queries.js';
export type { CompaniesDB, CompaniesTable, CompanyDomainsTable, ReferenceItemsTable } from './schema.js';
