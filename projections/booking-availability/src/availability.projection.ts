import { defineProjection } from '@portal/projections-runtime';
import type { ParsedEvent } from '@portal/eventstore';
import { slotEvents, type SlotEvent } from '@portal/booking/contracts';
import { migrateBookingAvailability, type BookingAvailabilityDB } from './schema.js';

/**
 * Read model behind GET /booking/availability: seats held per slot. Each slot event carries the
 * count after it, so applying it is an assignment (a replay lands on the same numbers).
 */
export const bookingAvailabilityProjection = defineProjection<BookingAvailabilityDB, ParsedEvent<SlotEvent>>({
  name: 'booking-availability',
  version: 1,
  events: slotEvents,
  migrate: migrateBookingAvailability,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const event of events) {
      const d = event.data;
      const at = event.type === 'SlotSeatTaken' ? event.data.takenAt : event.data.releasedAt;
      await t
        .insertInto('slot_seats')
        .values({ location_id: d.locationId, date: d.date, time: d.time, taken: d.seatsTaken, updated_at: at })
        .onConflict((oc) => oc.columns(['location_id', 'date', 'time']).doUpdateSet({ taken: d.seatsTaken, updated_at: at }))
        .execute();
    }
  },
});
