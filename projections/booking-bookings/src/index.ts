export * from './bookings.projection.js';
export * from './queries.js';
export type { BookingBookingsDB } from './schema.js';
