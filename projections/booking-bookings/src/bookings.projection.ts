import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import {
  BOOKING_EVENT_TYPES,
  LOCATION_EVENT_TYPES,
  SLOT_EVENT_TYPES,
  type BookingEvent,
  type LocationEvent,
  type SlotEvent,
} from '@portal/booking/contracts';

type Handled = BookingEvent | LocationEvent | SlotEvent;

/**
 * Read model behind the staff booking list, its CSV export and the expiry process: one row per
 * booking with its status, visitor and whether its slot holds a seat for it; location names
 * are kept beside it so the list needs no other read model.
 */
export const bookingBookingsProjection: ProjectionDefinition = {
  name: 'booking-bookings',
  version: 1,
  eventTypes: [...BOOKING_EVENT_TYPES, ...LOCATION_EVENT_TYPES, ...SLOT_EVENT_TYPES],
  async migrate(db: Kysely<any>, schema: string) {
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
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as Handled;
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
};
