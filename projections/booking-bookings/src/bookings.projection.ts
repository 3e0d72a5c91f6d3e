import { combineEvents } from '@portal/eventstore';
import { defineProjection } from '@portal/projections-runtime';
import { bookingLifeEvents, locationEvents, slotEvents } from '@portal/booking/contracts';
import { migrateBookingBookings, type BookingBookingsDB } from './schema.js';

const events = combineEvents(bookingLifeEvents, locationEvents, slotEvents);

/**
 * Read model behind the staff booking list, its CSV export and the expiry process: one row per
 * booking with its status, visitor and whether its slot holds a seat for it; location names
 * are kept beside it so the list needs no other read model.
 */
export const bookingBookingsProjection = defineProjection<BookingBookingsDB, ReturnType<typeof events.parseRecorded>>({
  name: 'booking-bookings',
  version: 1,
  events,
  migrate: migrateBookingBookings,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const event of events) {
      switch (event.type) {
        case 'LocationCreated':
        case 'LocationUpdated':
          await t
            .insertInto('location_names')
            .values({ location_id: event.data.locationId, name: event.data.name })
            .onConflict((oc) => oc.column('location_id').doUpdateSet({ name: event.data.name }))
            .execute();
          break;
        case 'BookingRequested': {
          const d = event.data;
          await t
            .insertInto('bookings')
            .values({
              booking_id: d.bookingId,
              location_id: d.locationId,
              date: d.date,
              time: d.time,
              starts_at: d.startsAt,
              timezone: d.timezone,
              status: 'pendent',
              visitor_name: d.visitor.name,
              visitor_email: d.visitor.email,
              visitor_phone: d.visitor.phone,
              visitor_company: d.visitor.company,
              lang: d.lang,
              requested_at: d.requestedAt,
              expires_at: d.expiresAt,
              status_by: 'visitor',
            })
            .onConflict((oc) => oc.column('booking_id').doNothing())
            .execute();
          break;
        }
        case 'BookingConfirmed':
          await t
            .updateTable('bookings')
            .set({ status: 'confirmed', confirmed_at: event.data.confirmedAt, status_by: event.data.by, status_reason: event.data.reason })
            .where('booking_id', '=', event.data.bookingId)
            .execute();
          break;
        case 'BookingCanceled':
          await t
            .updateTable('bookings')
            .set({ status: 'canceled', canceled_at: event.data.canceledAt, status_by: event.data.by, status_reason: event.data.reason })
            .where('booking_id', '=', event.data.bookingId)
            .execute();
          break;
        case 'BookingExpired':
          await t
            .updateTable('bookings')
            .set({ status: 'expired', expired_at: event.data.expiredAt, status_by: 'system', status_reason: null })
            .where('booking_id', '=', event.data.bookingId)
            .execute();
          break;
        case 'SlotSeatTaken':
          await t.updateTable('bookings').set({ seat_held: true }).where('booking_id', '=', event.data.bookingId).execute();
          break;
        case 'SlotSeatReleased':
          await t.updateTable('bookings').set({ seat_held: false }).where('booking_id', '=', event.data.bookingId).execute();
          break;
        default: {
          const exhaustive: never = event;
          void exhaustive;
        }
      }
    }
  },
});
