import { sql } from 'kysely';
import type { ParsedEvent } from '@portal/eventstore';
import { defineProjection } from '@portal/projections-runtime';
import { bookingLifeEvents, type BookingEvent } from '@portal/booking/contracts';
import { migrateBookingCalendar, type BookingCalendarDB } from './schema.js';

/**
 * Read model behind the staff calendar: confirmed and pendent bookings per slot of a location.
 * Each booking's current status is kept, and a slot's counts are recounted from those rows on
 * every change, so the numbers never drift from the statuses.
 */
export const bookingCalendarProjection = defineProjection<BookingCalendarDB, ParsedEvent<BookingEvent>>({
  name: 'booking-calendar',
  version: 1,
  events: bookingLifeEvents,
  migrate: migrateBookingCalendar,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const event of events) {
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
});
