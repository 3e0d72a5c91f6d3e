export * from './database.js';
export { PGliteDialect } from './pglite-dialect.js';
export * from './sql-values.js';
export * from './scratch-database.js';
