import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { roundTrips, storeCallsOn } from '@portal/testing/round-trips';
import { createLocation, tokenFor, trackingClient, visit, type Call } from '../../testing/test-kit.js';

let t: TestApp;
let call: Call;
let locationId = '';

beforeAll(async () => {
  t = await startTestApp();
  call = trackingClient(t);
  locationId = await createLocation(call, await tokenFor(t, 'tc_admin'));
});
afterAll(async () => {
  await t?.close();
});

/**
 * What the booking benchmark's requests ask of the event store, counted rather than timed: the
 * new booking's stream is named by a fresh id, so it is appended without being read.
 */
describe('a booking request reads what its rules need and no more', () => {
  it('reads the location, the slot and the visitor, then appends the visitor\'s claim and the new booking', async () => {
    const trips = await roundTrips(t, () => call('POST', '/api/booking', { body: visit(locationId, 'request@example.com', '2026-11-23', '10:00') }));
    expect(trips.value.statusCode, trips.value.body).toBe(201);
    expect(storeCallsOn(trips, 'booking.').map((line) => line.replace(/booking\.(\w+)-.*$/, '$1'))).toEqual([
      'readStream location',
      'readStream slot',
      'readStream visitor',
      'append visitor',
      'append booking',
    ]);
  });
});
