export * from './revocations.projection.js';
export * from './revocation-watcher.js';
export type { RevocationRow, RevocationsDB, RevocationsTable } from './schema.js';
