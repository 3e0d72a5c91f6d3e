export * from './users.projection.js';
export * from './queries.js';
export type { UsersDB, UsersTable, SessionsTable } from './schema.js';
