export * from './database.js';
export { PGliteDialect } from './pglite-dialect.js';
