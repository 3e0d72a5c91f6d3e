export * from './projection.js';
export * from './runtime.js';
