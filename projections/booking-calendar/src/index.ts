export * from './calendar.projection.js';
export * from './calendar.queries.js';
