import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { AppError, newId } from '@portal/kernel';
import { bookingStream, slotStream } from '../contracts/index.js';
import { bookingDecider, slotDecider } from '../domain/index.js';
import { SeatKeeper } from './shared/seat-keeper.js';
import { createLocation, linksFor, tokenFor, trackingClient, visit } from '../testing/test-kit.js';

/**
 * Capacity under real concurrency needs concurrent connections: a Postgres server
 * (TEST_DATABASE_URL). PGlite is a single connection, where nothing would race.
 */
const server = process.env.TEST_DATABASE_URL;
const NOT_RUN = 'capacity concurrency tests not run: they need a Postgres server (set TEST_DATABASE_URL); PGlite serialises every statement';

let t: TestApp;
let locationId = '';
const confirmTokens: string[] = [];
const DATE = '2026-11-24';
const TIME = '10:00';

beforeAll(async () => {
  if (!server) return;
  t = await startTestApp();
  const call = trackingClient(t);
  const admin = await tokenFor(t, 'tc_admin');
  locationId = await createLocation(call, admin, { name: 'Ten Seats', capacity: 10 });
  for (let i = 0; i < 50; i++) {
    const email = `visitor${i}@example.com`;
    const res = await call('POST', '/api/booking', { body: visit(locationId, email, DATE, TIME) });
    if (res.statusCode !== 201) throw new Error(`request ${i}: ${res.statusCode} ${res.body}`);
    confirmTokens.push((await linksFor(t, email)).confirm!);
  }
});
afterAll(async () => {
  await t?.close();
});

const fold = <S, E>(events: { type: string; data: unknown }[], decider: { evolve: (s: S, e: E) => S; initial: () => S }): S =>
  events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initial());

describe('capacity is never exceeded (Postgres server)', () => {
  it('50 concurrent confirmations at a 10-seat slot: exactly 10 confirm, 40 get booking-unavailable, and replaying the log gives the same', async () => {
    if (!server) {
      console.info(NOT_RUN);
      return;
    }
    const answers = await Promise.all(confirmTokens.map((token) => t.request('POST', '/api/booking/confirm', { body: { token } })));
    const confirmed = answers.filter((a) => a.statusCode === 200).map((a) => a.json().bookingId as string);
    const refused = answers.filter((a) => a.statusCode === 409 && a.json().code === 'booking-unavailable');
    expect(confirmed).toHaveLength(10);
    expect(refused).toHaveLength(40);

    // replay the log: the slot's seats and the bookings' statuses agree with the answers
    const slot = fold(await t.infra.store.readStream(slotStream(locationId, DATE, TIME)), slotDecider);
    expect(slot.holders.sort()).toEqual([...confirmed].sort());
    const statuses = await Promise.all(
      confirmTokens.map(async (token) => fold(await t.infra.store.readStream(bookingStream(token.split('.')[0]!)), bookingDecider).status),
    );
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'pendent')).toHaveLength(40);
    expect((await t.infra.store.verifyStream(slotStream(locationId, DATE, TIME))).ok).toBe(true);

    // and the read models rebuilt from the log say the same as the live ones
    const head = await t.infra.store.headCheckpoint();
    const read = async () => {
      await Promise.all(['booking-availability', 'booking-bookings', 'booking-calendar'].map((n) => t.infra.projections.waitFor(n, head, 10_000)));
      const seats = await t.infra.projections.reader('booking-availability').selectFrom('slot_seats').select('taken').where('location_id', '=', locationId).execute();
      const bookings = await t.infra.projections
        .reader('booking-bookings')
        .selectFrom('bookings')
        .select(['booking_id', 'status', 'seat_held'])
        .where('location_id', '=', locationId)
        .orderBy('booking_id')
        .execute();
      const calendar = await t.infra.projections.reader('booking-calendar').selectFrom('slot_counts').select(['confirmed', 'pendent']).where('location_id', '=', locationId).execute();
      return { seats, bookings, calendar };
    };
    const live = await read();
    expect(live.seats).toEqual([{ taken: 10 }]);
    expect(live.calendar).toEqual([{ confirmed: 10, pendent: 40 }]);
    expect(live.bookings.filter((b) => b.status === 'confirmed' && b.seat_held)).toHaveLength(10);
    for (const name of ['booking-availability', 'booking-bookings', 'booking-calendar']) await t.infra.projections.rebuild(name);
    expect(await read()).toEqual(live);
  });

  it('without the in-process queue, the expected revision alone holds 50 racing seat takers to 10', async () => {
    if (!server) {
      console.info(NOT_RUN);
      return;
    }
    // as if each taker ran in its own API instance: no in-process serialisation, only the store's revision check
    const keepers = Array.from({ length: 50 }, () => new SeatKeeper(t.infra.store, { serialize: false }));
    const ref = { locationId, date: DATE, time: '15:00' };
    const ctx = { correlationId: 'race', actor: 'system', origin: 'system' as const };
    const outcomes = await Promise.allSettled(keepers.map((k) => k.take(ref, newId(), 10, new Date().toISOString(), ctx)));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(40);
    expect(lost.every((o) => o.reason instanceof AppError && o.reason.code === 'booking-unavailable')).toBe(true);
    const events = await t.infra.store.readStream(slotStream(ref.locationId, ref.date, ref.time));
    expect(events.map((e) => e.data.seatsTaken)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
