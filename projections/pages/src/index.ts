export * from './pages.projection.js';
export type { PagesDB } from './schema.js';
