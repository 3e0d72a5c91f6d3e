export * from './progress.projection.js';
export * from './progress.queries.js';
