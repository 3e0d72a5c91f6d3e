import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import { BOOKING_EVENT_TYPES, type BookingEvent } from '@portal/booking/contracts';

/**
 * Read model behind the staff calendar: confirmed and pendent bookings per slot of a location.
 * Each booking's current status is kept, and a slot's counts are recounted from those rows on
 * every change, so the numbers never drift from the statuses.
 */
export const bookingCalendarProjection: ProjectionDefinition = {
  name: 'booking-calendar',
  version: 1,
  eventTypes: BOOKING_EVENT_TYPES,
  async migrate(db: Kysely<any>, schema: string) {
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
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as BookingEvent;
      const d = event.data;
      const status =
        event.type === 'BookingRequested' ? 'pendent' : event.type === 'BookingConfirmed' ? 'confirmed' : event.type === 'BookingCanceled' ? 'canceled' : 'expired';
      await t
        .insertInto('calendar_bookings')
        .values({ booking_id: d.bookingId, location_id: d.locationId, date: d.date, time: d.time, status })
        .onConflict((oc) => oc.column('booking_id').doUpdateSet({ status }))
        .execute();
      const counts = await t
        .selectFrom('calendar_bookings')
        .select([
          sql<number>`count(*) filter (where status = 'confirmed')`.as('confirmed'),
          sql<number>`count(*) filter (where status = 'pendent')`.as('pendent'),
        ])
        .where('location_id', '=', d.locationId)
        .where('date', '=', d.date)
        .where('time', '=', d.time)
        .executeTakeFirst();
      const confirmed = Number(counts?.confirmed ?? 0);
      const pendent = Number(counts?.pendent ?? 0);
      await t
        .insertInto('slot_counts')
        .values({ location_id: d.locationId, date: d.date, time: d.time, confirmed, pendent })
        .onConflict((oc) => oc.columns(['location_id', 'date', 'time']).doUpdateSet({ confirmed, pendent }))
        .execute();
    }
  },
};
