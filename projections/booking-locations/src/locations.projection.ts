import type { ParsedEvent } from '@portal/eventstore';
import { defineProjection } from '@portal/projections-runtime';
import { locationEvents, type LocationDefinition, type LocationEvent } from '@portal/booking/contracts';
import { migrateBookingLocations, type BookingLocationsDB } from './schema.js';

const columnsOf = (d: LocationDefinition) => ({
  name: d.name,
  address_lines: JSON.stringify(d.addressLines),
  number: d.number,
  city: d.city,
  state: d.state,
  country: d.country,
  postal_code: d.postalCode,
  capacity: d.capacity,
  timezone: d.timezone,
  color: d.color,
  schedule: JSON.stringify(d.schedule),
  active: d.active,
});

/** Read model behind GET /locations, /booking/countries and the staff location screen: one row per location. */
export const bookingLocationsProjection = defineProjection<BookingLocationsDB, ParsedEvent<LocationEvent>>({
  name: 'booking-locations',
  version: 1,
  events: locationEvents,
  migrate: migrateBookingLocations,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const event of events) {
      switch (event.type) {
        case 'LocationCreated': {
          const d = event.data;
          await t
            .insertInto('locations')
            .values({ location_id: d.locationId, ...columnsOf(d), created_at: d.createdAt, updated_at: d.createdAt })
            .onConflict((oc) => oc.column('location_id').doNothing())
            .execute();
          break;
        }
        case 'LocationUpdated': {
          const d = event.data;
          await t.updateTable('locations').set({ ...columnsOf(d), updated_at: d.updatedAt }).where('location_id', '=', d.locationId).execute();
          break;
        }
        default: {
          const exhaustive: never = event;
          void exhaustive;
        }
      }
    }
  },
});
