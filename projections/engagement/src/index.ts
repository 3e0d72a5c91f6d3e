export * from './engagement.projection.js';
export * from './queries.js';
export type { EngagementDB } from './schema.js';
