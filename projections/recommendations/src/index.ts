export * from './recommendations.projection.js';
export * from './recommendations.queries.js';
