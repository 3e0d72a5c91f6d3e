export * from './feeds.projection.js';
export * from './feeds.queries.js';
export * from './schema.js';
