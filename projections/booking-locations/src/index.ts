export * from './locations.projection.js';
export * from './queries.js';
export type { BookingLocationsDB } from './schema.js';
