export * from './engagement.projection.js';
export * from './engagement.queries.js';
