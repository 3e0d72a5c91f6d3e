import type { ColumnType, Kysely } from 'kysely';

/** Tables of the booking-availability read model (ADR 0009 §4): seats held per slot. */
export interface BookingAvailabilityDB {
  slot_seats: {
    location_id: string;
    /** local "YYYY-MM-DD" and "HH:mm" of the location */
    date: string;
    time: string;
    taken: number;
    updated_at: ColumnType<Date, string, string>;
  };
}

export async function migrateBookingAvailability(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('slot_seats')
    .ifNotExists()
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('taken', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('slot_seats_pk', ['location_id', 'date', 'time'])
    .execute();
}
