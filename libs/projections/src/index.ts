export * from './projection.js';
export * from './runtime.js';
export * from './replicas.js';
