export * from './progress.projection.js';
export * from './queries.js';
export * from './schema.js';
