export * from './certificates.projection.js';
export * from './certificates.queries.js';
export * from './rules.js';
