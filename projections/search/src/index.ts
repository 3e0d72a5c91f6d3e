export * from './search.projection.js';
