export * from './catalogue.projection.js';
export * from './queries.js';
export * from './schema.js';
