export * from './rules.js';
export * from './quiz.js';
export * from './scheduled-event.js';
export * from './event-import.js';
