export * from './catalogue.projection.js';
export * from './catalogue.queries.js';
