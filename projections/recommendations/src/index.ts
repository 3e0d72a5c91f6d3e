export * from './recommendations.projection.js';
export * from './queries.js';
export type { RecommendationsDB } from './schema.js';
