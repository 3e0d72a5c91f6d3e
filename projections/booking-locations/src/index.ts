export * from './locations.projection.js';
export * from './locations.queries.js';
