export * from './events-scheduled.projection.js';
export * from './queries.js';
export type { EventsScheduledDB } from './schema.js';
