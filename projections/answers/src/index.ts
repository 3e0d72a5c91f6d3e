export * from './answers.projection.js';
export * from './queries.js';
export type { AnswersDB } from './schema.js';
