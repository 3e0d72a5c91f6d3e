export * from './harness.js';
export * from './fixture.js';
