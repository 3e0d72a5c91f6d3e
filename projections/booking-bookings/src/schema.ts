import type { ColumnType, Generated, Kysely } from 'kysely';

/** timestamptz: written as ISO strings, read as Date (node-postgres) or string */
type Instant = ColumnType<Date | string, string, string>;
type MaybeInstant = ColumnType<Date | string | null, string | null | undefined, string | null>;

/** Tables of the booking-bookings read model (ADR 0009 §4). */
export interface BookingBookingsDB {
  /** one row per booking: its status, visitor and whether its slot holds a seat for it */
  bookings: {
    booking_id: string;
    location_id: string;
    date: string;
    time: string;
    starts_at: Instant;
    timezone: string;
    status: 'pendent' | 'confirmed' | 'canceled' | 'expired';
    visitor_name: string;
    visitor_email: string;
    visitor_phone: string | null;
    visitor_company: string | null;
    lang: string;
    requested_at: Instant;
    expires_at: Instant;
    confirmed_at: MaybeInstant;
    canceled_at: MaybeInstant;
    expired_at: MaybeInstant;
    status_by: 'visitor' | 'staff' | 'system' | null;
    status_reason: string | null;
    seat_held: Generated<boolean>;
  };
  /** location names, so the list needs no other read model */
  location_names: { location_id: string; name: string };
}

export async function migrateBookingBookings(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('bookings')
    .ifNotExists()
    .addColumn('booking_id', 'text', (c) => c.primaryKey())
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('visitor_name', 'text', (c) => c.notNull())
    .addColumn('visitor_email', 'text', (c) => c.notNull())
    .addColumn('visitor_phone', 'text')
    .addColumn('visitor_company', 'text')
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('status_by', 'text')
    .addColumn('status_reason', 'text')
    .addColumn('seat_held', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.withSchema(schema).createIndex('bookings_location_date_idx').ifNotExists().on('bookings').columns(['location_id', 'date', 'time']).execute();
  await db.schema.withSchema(schema).createIndex('bookings_status_expiry_idx').ifNotExists().on('bookings').columns(['status', 'expires_at']).execute();
  await db.schema.withSchema(schema).createIndex('bookings_date_idx').ifNotExists().on('bookings').columns(['date', 'time']).execute();
  await db.schema
    .withSchema(schema)
    .createTable('location_names')
    .ifNotExists()
    .addColumn('location_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  }
