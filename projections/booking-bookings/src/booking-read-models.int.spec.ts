import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import {
  bookingStream,
  locationStream,
  slotStream,
  type BookingContextEvent,
  type ChangeSource,
  type LocationDefinition,
} from '@portal/booking/contracts';
import { bookingLocationsProjection, countriesWithLocations, listLocations } from '@portal/projection-booking-locations';
import { bookingAvailabilityProjection, seatsTaken } from '@portal/projection-booking-availability';
import { bookingCalendarProjection, slotCounts } from '@portal/projection-booking-calendar';
import { bookingBookingsProjection } from './bookings.projection.js';
import { listBookings, pendentPastDeadline, seatsToRelease } from './queries.js';

const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };
const source: ChangeSource = { channel: 'booking-form', linkHash: null, ip: null, userAgent: null };
const definitions = [bookingLocationsProjection, bookingAvailabilityProjection, bookingBookingsProjection, bookingCalendarProjection];

const def: LocationDefinition = {
  name: 'Campinas',
  addressLines: ['Rodovia, km 1'],
  number: '1',
  city: 'Campinas',
  state: 'SP',
  country: 'BR',
  postalCode: '13000',
  capacity: 2,
  timezone: 'America/Sao_Paulo',
  color: '#2f9e44',
  schedule: { hours: [{ weekday: 1, opens: '09:00', closes: '12:00' }], slotMinutes: 60, closedDates: [], horizonDays: 30 },
  active: true,
};
const at = '2026-11-21T12:00:00.000Z';
const where = (bookingId: string, time = '10:00') => ({ bookingId, locationId: 'l1', date: '2026-11-23', time });

const requested = (bookingId: string, email: string, time = '10:00'): BookingContextEvent => ({
  type: 'BookingRequested',
  data: {
    ...where(bookingId, time),
    startsAt: '2026-11-23T13:00:00.000Z',
    endsAt: '2026-11-23T14:00:00.000Z',
    timezone: 'America/Sao_Paulo',
    visitor: { name: `Visitor ${bookingId}`, email, phone: null, company: 'Coop' },
    lang: 'pt-BR',
    acceptedPrivacyPolicy: true,
    acceptedVisitProtocols: true,
    confirmTokenHash: 'c',
    cancelTokenHash: 'x',
    expiresAt: '2026-11-22T12:00:00.000Z',
    requestedAt: at,
    source,
  },
});
const seat = (bookingId: string, seatsTaken: number, time = '10:00'): BookingContextEvent => ({
  type: 'SlotSeatTaken',
  data: { locationId: 'l1', date: '2026-11-23', time, bookingId, capacity: 2, seatsTaken, takenAt: at },
});
const confirmed = (bookingId: string): BookingContextEvent => ({
  type: 'BookingConfirmed',
  data: { ...where(bookingId), confirmedAt: at, by: 'visitor', reason: null, cancelTokenHash: null, source: { ...source, channel: 'confirm-link' } },
});

let db: TestDatabase;
let store: EventStore;
const append = (stream: string, events: BookingContextEvent[]) =>
  store.append(stream, events.map((e) => ({ type: e.type, data: e.data as unknown as Record<string, unknown> })), { expectedRevision: 'any', context: ctx });

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

/** Every row of every booking read model, in a stable order. */
async function snapshot(runtime: ProjectionRuntime) {
  const all = async (name: string, table: string, order: string[]) => {
    let q = runtime.reader(name).selectFrom(table).selectAll();
    for (const column of order) q = q.orderBy(column);
    return q.execute();
  };
  return {
    locations: await all('booking-locations', 'locations', ['location_id']),
    seats: await all('booking-availability', 'slot_seats', ['location_id', 'date', 'time']),
    bookings: await all('booking-bookings', 'bookings', ['booking_id']),
    names: await all('booking-bookings', 'location_names', ['location_id']),
    calendarBookings: await all('booking-calendar', 'calendar_bookings', ['booking_id']),
    counts: await all('booking-calendar', 'slot_counts', ['location_id', 'date', 'time']),
  };
}

describe('booking read models', () => {
  it('turn booking events into rows, and a rebuild from the log equals the incremental build', async () => {
    await append(locationStream('l1'), [{ type: 'LocationCreated', data: { locationId: 'l1', ...def, createdAt: at, createdBy: 'admin' } }]);
    await append(bookingStream('b1'), [requested('b1', 'ana@example.com')]);
    await append(bookingStream('b2'), [requested('b2', 'bia@example.com')]);
    await append(bookingStream('b3'), [requested('b3', 'caio@example.com', '11:00')]);
    const runtime = new ProjectionRuntime(db.database, store, definitions, { run: false, batchSize: 2 });
    await runtime.start();
    await runtime.catchUp();

    // b1 and b2 confirm (seat taken first), b2 then cancels and gives its seat back, b3 expires
    await append(slotStream('l1', '2026-11-23', '10:00'), [seat('b1', 1), seat('b2', 2)]);
    await append(bookingStream('b1'), [confirmed('b1')]);
    await append(bookingStream('b2'), [
      confirmed('b2'),
      { type: 'BookingCanceled', data: { ...where('b2'), canceledAt: at, by: 'staff', reason: 'Rain', previousStatus: 'confirmed', source: { ...source, channel: 'staff' } } },
    ]);
    await runtime.catchUp();
    // the crash case the expiry process repairs: canceled, but the seat still held
    expect((await seatsToRelease(runtime.reader('booking-bookings'), 10)).map((r) => r.bookingId)).toEqual(['b2']);
    await append(slotStream('l1', '2026-11-23', '10:00'), [
      { type: 'SlotSeatReleased', data: { locationId: 'l1', date: '2026-11-23', time: '10:00', bookingId: 'b2', seatsTaken: 1, releasedAt: at, reason: 'canceled' } },
    ]);
    await runtime.catchUp();
    expect(await pendentPastDeadline(runtime.reader('booking-bookings'), '2026-11-22T11:59:59.000Z', 10)).toEqual([]);
    expect(await pendentPastDeadline(runtime.reader('booking-bookings'), '2026-11-22T12:00:00.000Z', 10)).toEqual(['b3']);
    await append(bookingStream('b3'), [
      { type: 'BookingExpired', data: { ...where('b3', '11:00'), expiresAt: '2026-11-22T12:00:00.000Z', expiredAt: '2026-11-22T12:00:05.000Z', source: { ...source, channel: 'expiry-process' } } },
    ]);
    await append(locationStream('l1'), [{ type: 'LocationUpdated', data: { locationId: 'l1', ...def, name: 'Campinas II', updatedAt: at, updatedBy: 'admin', changed: ['name'] } }]);
    await runtime.catchUp();

    const locations = runtime.reader('booking-locations');
    expect((await listLocations(locations, { country: 'BR', activeOnly: true })).map((l) => [l.name, l.capacity, l.schedule.slotMinutes])).toEqual([['Campinas II', 2, 60]]);
    expect(await countriesWithLocations(locations)).toEqual([{ country: 'BR', locations: 1 }]);
    expect(Object.fromEntries(await seatsTaken(runtime.reader('booking-availability'), 'l1', '2026-11-23', '2026-11-23'))).toEqual({ '2026-11-23 10:00': 1 });
    const { total, rows } = await listBookings(runtime.reader('booking-bookings'), {}, { limit: 10, offset: 0 });
    expect(total).toBe(3);
    expect(rows.map((r) => [r.bookingId, r.status, r.statusBy, r.statusReason, r.seatHeld, r.locationName])).toEqual([
      ['b3', 'expired', 'system', null, false, 'Campinas II'],
      ['b1', 'confirmed', 'visitor', null, true, 'Campinas II'],
      ['b2', 'canceled', 'staff', 'Rain', false, 'Campinas II'],
    ]);
    expect((await listBookings(runtime.reader('booking-bookings'), { q: 'BIA@', status: 'canceled' }, null)).rows.map((r) => r.bookingId)).toEqual(['b2']);
    expect(await slotCounts(runtime.reader('booking-calendar'), 'l1', '2026-11-01', '2026-11-30')).toEqual([
      { date: '2026-11-23', time: '10:00', confirmed: 1, pendent: 0 },
      { date: '2026-11-23', time: '11:00', confirmed: 0, pendent: 0 },
    ]);

    const incremental = await snapshot(runtime);
    for (const d of definitions) await runtime.rebuild(d.name);
    expect(await snapshot(runtime)).toEqual(incremental);
    await runtime.stop();
  });
});
