export * from './feeds.projection.js';
export * from './feeds.queries.js';
