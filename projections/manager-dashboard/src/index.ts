export * from './manager-dashboard.projection.js';
export * from './queries.js';
export type { ManagerDashboardDB } from './schema.js';
