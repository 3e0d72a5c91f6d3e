import type { Location, LocationDefinition } from '../../contracts/index.js';

/** The HTTP shape of a location. */
export const toLocation = (locationId: string, def: LocationDefinition, createdAt: string, updatedAt: string): Location => ({
  locationId,
  ...def,
  schedule: { ...def.schedule, hours: def.schedule.hours.map((h) => ({ ...h })), closedDates: [...def.schedule.closedDates] },
  createdAt,
  updatedAt,
});
