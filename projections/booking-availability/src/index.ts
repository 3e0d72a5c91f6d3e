export * from './availability.projection.js';
export * from './availability.queries.js';
