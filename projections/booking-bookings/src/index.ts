export * from './bookings.projection.js';
export * from './bookings.queries.js';
