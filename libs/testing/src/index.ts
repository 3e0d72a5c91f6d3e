export * from './decider.js';
