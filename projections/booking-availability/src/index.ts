export * from './availability.projection.js';
export * from './queries.js';
export type { BookingAvailabilityDB } from './schema.js';
