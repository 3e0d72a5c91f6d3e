export * from './certificates.projection.js';
export * from './certificates.queries.js';
