export * from './messaging.projection.js';
export * from './queries.js';
export type { MessagingDB } from './schema.js';
