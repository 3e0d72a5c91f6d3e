export * from './users.projection.js';
export * from './users.queries.js';
