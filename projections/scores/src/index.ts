export * from './scores.projection.js';
export * from './queries.js';
export type { ScoresDB } from './schema.js';
