export * from './revocations.projection.js';
export * from './revocation-watcher.js';
