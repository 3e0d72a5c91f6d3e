import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import { LOCATION_EVENT_TYPES, type LocationDefinition, type LocationEvent } from '@portal/booking/contracts';

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
export const bookingLocationsProjection: ProjectionDefinition = {
  name: 'booking-locations',
  version: 1,
  eventTypes: LOCATION_EVENT_TYPES,
  async migrate(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('locations')
      .ifNotExists()
      .addColumn('location_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address_lines', 'jsonb', (c) => c.notNull())
      .addColumn('number', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('postal_code', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('timezone', 'text', (c) => c.notNull())
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('schedule', 'jsonb', (c) => c.notNull())
      .addColumn('active', 'boolean', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.withSchema(schema).createIndex('locations_country_idx').ifNotExists().on('locations').columns(['country', 'active']).execute();
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as unknown as LocationEvent;
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
};
