export * from './answer-sheet.js';
export * from './survey.js';
export * from './errors.js';
export * from './question-facts.js';
export * from './teaching.js';
