import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import type { EventStore } from '@portal/eventstore';
import { bookingStream, slotStream, visitorStream } from '../contracts/index.js';
import type { BookingCommand, SeatOutcome } from '../domain/index.js';
import { BookingFlows } from './shared/booking-flows.js';
import { SeatKeeper } from './shared/seat-keeper.js';
import { visitorKeyOf } from './shared/visitor-key.js';
import { createLocation, linksFor, tokenFor, trackingClient, visit, type Call } from '../testing/test-kit.js';

/**
 * ADR 0087: a confirmation takes its seat first and then decides once, with the seat's outcome in
 * its command; a request claims the visit first. What is taken for a booking that does not end
 * confirmed (or requested) is given back, and what a booking that did end confirmed holds stays.
 */
let t: TestApp;
let call: Call;
let locationId = '';
const DATE = '2026-11-23';
const ctx = { correlationId: 'decide-once', actor: 'system', origin: 'system' as const };

beforeAll(async () => {
  t = await startTestApp();
  call = trackingClient(t);
  locationId = await createLocation(call, await tokenFor(t, 'tc_admin'), { name: 'One Seat', capacity: 1 });
});
afterAll(async () => {
  await t?.close();
});

async function requested(email: string, time: string): Promise<{ bookingId: string; confirm: string; cancel: string }> {
  const res = await call('POST', '/api/booking', { body: visit(locationId, email, DATE, time) });
  expect(res.statusCode, res.body).toBe(201);
  const links = await linksFor(t, email);
  return { bookingId: res.json().bookingId as string, confirm: links.confirm!, cancel: links.cancel! };
}

const slotEvents = async (time: string) =>
  (await t.infra.store.readStream(slotStream(locationId, DATE, time))).map((e) => ({ type: e.type, bookingId: e.data.bookingId, reason: e.data.reason ?? null }));

const staffConfirm = (now: string, seat: SeatOutcome): BookingCommand => ({
  type: 'ChangeStatusByStaff',
  data: { status: 'confirmed', reason: 'Called the visitor', newCancelTokenHash: null, seat, now, source: { channel: 'staff', linkHash: null, ip: null, userAgent: null } },
});

/** The real store, with `before` run (once) just ahead of the first append to `streamId`: another writer going first. */
function withWriteBefore(streamId: string, before: () => Promise<unknown>): EventStore {
  const store = t.infra.store;
  let pending: (() => Promise<unknown>) | null = before;
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key !== 'append') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<EventStore['append']>) => {
        if (args[0] === streamId && pending) {
          const run = pending;
          pending = null;
          await run();
        }
        return target.append(...args);
      };
    },
  });
}

const flowsOn = (store: EventStore) => new BookingFlows(store, t.clock, new SeatKeeper(store));

describe('a confirmation takes the seat, then decides once', () => {
  it('keeps the seat when a parallel confirmation of the same booking appended first (it holds it)', async () => {
    const { bookingId } = await requested('parallel@example.com', '10:00');
    const parallel = flowsOn(t.infra.store);
    const flows = flowsOn(withWriteBefore(bookingStream(bookingId), () => parallel.confirm(bookingId, staffConfirm, ctx)));

    const outcome = await flows.confirm(bookingId, staffConfirm, ctx);
    // the other confirmation's BookingConfirmed won the append: this one changed nothing
    expect(outcome.event).toBeNull();
    expect(outcome.loaded.state.status).toBe('confirmed');
    // one seat, taken by this confirmation and held by the confirmed booking: never given back
    expect(await slotEvents('10:00')).toEqual([{ type: 'SlotSeatTaken', bookingId, reason: null }]);
  });

  it('gives the seat back (not-confirmed) when a cancel went first and the decision refuses', async () => {
    const { bookingId, cancel } = await requested('raced@example.com', '11:00');
    const read = await flowsOn(t.infra.store).loadBooking(bookingId);
    const flows = flowsOn(withWriteBefore(bookingStream(bookingId), () => call('POST', '/api/booking/cancel', { body: { token: cancel } })));

    // decided on the state read before the cancel: pendent, so the seat is taken first
    await expect(flows.confirm(bookingId, staffConfirm, ctx, { loaded: read, location: null })).rejects.toMatchObject({ code: 'booking-canceled' });
    expect(await slotEvents('11:00')).toEqual([
      { type: 'SlotSeatTaken', bookingId, reason: null },
      { type: 'SlotSeatReleased', bookingId, reason: 'not-confirmed' },
    ]);
    // the seat is free: another visitor confirms it
    const other = await requested('next@example.com', '11:00');
    const res = await call('POST', '/api/booking/confirm', { body: { token: other.confirm } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('takes no seat for a booking that cannot be confirmed', async () => {
    const { confirm, cancel } = await requested('late@example.com', '12:00');
    expect((await call('POST', '/api/booking/cancel', { body: { token: cancel } })).statusCode).toBe(200);
    const res = await call('POST', '/api/booking/confirm', { body: { token: confirm } });
    expect(res.json()).toMatchObject({ code: 'booking-canceled' });
    expect(await slotEvents('12:00')).toEqual([]);
  });
});

describe('a request claims the visit, then decides once', () => {
  it('a request refused after its claim (the slot is full) gives the claim back: the visitor books another time that day', async () => {
    const first = await requested('holder@example.com', '14:00');
    expect((await call('POST', '/api/booking/confirm', { body: { token: first.confirm } })).statusCode).toBe(200);

    const full = await call('POST', '/api/booking', { body: visit(locationId, 'second@example.com', DATE, '14:00') });
    expect(full.json()).toMatchObject({ code: 'booking-unavailable' });
    // not day-booking-already-exists: the refused request holds nothing
    const again = await call('POST', '/api/booking', { body: visit(locationId, 'second@example.com', DATE, '15:00') });
    expect(again.statusCode, again.body).toBe(201);
    const claims = (await t.infra.store.readStream(visitorStream(visitorKeyOf('second@example.com')))).map((e) => [e.type, e.data.reason ?? null]);
    expect(claims).toEqual([
      ['VisitorBookingClaimed', null],
      ['VisitorBookingReleased', 'not-requested'],
      ['VisitorBookingClaimed', null],
    ]);
  });

  it('answers the visitor\'s day rule after the request\'s own rules, as before', async () => {
    await requested('rules@example.com', '16:00');
    const badTime = await call('POST', '/api/booking', { body: visit(locationId, 'rules@example.com', DATE, '16:30') });
    expect(badTime.json()).toMatchObject({ code: 'appointment-invalid' });
    const sameDay = await call('POST', '/api/booking', { body: visit(locationId, 'rules@example.com', DATE, '17:00') });
    expect(sameDay.json()).toMatchObject({ code: 'day-booking-already-exists' });
  });
});
