import type { ColumnType, Kysely } from 'kysely';

/** Tables of the booking-locations read model (ADR 0009 §4): one row per location. */
export interface BookingLocationsDB {
  locations: {
    location_id: string;
    name: string;
    /** JSON string[] */
    address_lines: ColumnType<unknown, string, string>;
    number: string;
    city: string;
    state: string;
    country: string;
    postal_code: string;
    capacity: number;
    timezone: string;
    color: string;
    /** JSON OpeningSchedule */
    schedule: ColumnType<unknown, string, string>;
    active: boolean;
    created_at: ColumnType<Date, string, string>;
    updated_at: ColumnType<Date, string, string>;
  };
}

export async function migrateBookingLocations(db: Kysely<any>, schema: string): Promise<void> {
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
}
