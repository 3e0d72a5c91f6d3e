import type { Kysely } from 'kysely';

/** Tables of the booking-calendar read model (ADR 0009 §4). */
export interface BookingCalendarDB {
  /** each booking's current status, so a slot's counts are recounted, never drifted */
  calendar_bookings: { booking_id: string; location_id: string; date: string; time: string; status: 'pendent' | 'confirmed' | 'canceled' | 'expired' };
  slot_counts: { location_id: string; date: string; time: string; confirmed: number; pendent: number };
}

export async function migrateBookingCalendar(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('calendar_bookings')
    .ifNotExists()
    .addColumn('booking_id', 'text', (c) => c.primaryKey())
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();
  await db.schema.withSchema(schema).createIndex('calendar_bookings_slot_idx').ifNotExists().on('calendar_bookings').columns(['location_id', 'date', 'time']).execute();
  await db.schema
    .withSchema(schema)
    .createTable('slot_counts')
    .ifNotExists()
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('confirmed', 'integer', (c) => c.notNull())
    .addColumn('pendent', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('slot_counts_pk', ['location_id', 'date', 'time'])
    .execute();
}
