export * from './user-actions.projection.js';
export * from './queries.js';
export type { UserActionsDB, UserActionsTable } from './schema.js';
