export * from './search.projection.js';
export type { SearchDB } from './schema.js';
