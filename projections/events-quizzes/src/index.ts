export * from './events-quizzes.projection.js';
export * from './queries.js';
export type { EventsQuizzesDB } from './schema.js';
