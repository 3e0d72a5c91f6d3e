export * from './scores.projection.js';
export * from './scores.queries.js';
