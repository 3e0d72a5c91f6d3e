export * from './calendar.projection.js';
export * from './queries.js';
export type { BookingCalendarDB } from './schema.js';
