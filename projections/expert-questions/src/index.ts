export * from './expert-questions.projection.js';
export * from './queries.js';
export type { ExpertQuestionsDB } from './schema.js';
