export * from './questions.projection.js';
export * from './catalogue.js';
