export * from './rules.js';
export * from './quiz.js';
export * from './scheduled-event.js';
