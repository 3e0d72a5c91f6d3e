export * from './answers.projection.js';
export * from './answers.queries.js';
