export { BookingModule } from './booking.module.js';
export { BookingExpiryProcess, type SweepResult } from './expiry/booking-expiry.process.js';
export { SeatKeeper, type SlotRef, type SeatKeeperOptions } from './shared/seat-keeper.js';
export { BOOKING_SETTINGS, type BookingSettings } from './shared/settings.js';
export { hashToken, readToken } from './shared/link-tokens.js';
export { DEMO_LOCATIONS, seedDemoLocations } from './seed/demo-locations.js';
// read in-process by the server-rendered first document (ADR 0090)
export { ListCountriesQuery } from './list-countries/list-countries.query.js';
export { ListLocationsQuery } from './list-locations/list-locations.query.js';
