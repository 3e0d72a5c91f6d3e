import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bookingsQueryOptions } from './bookings';
import { calendarQueryOptions } from './calendar';
import { invalidateManagerTcData } from './keys';
import { staffLocationsQueryOptions } from './staff-locations';

describe('the staff screens invalidate their own queries only (ADR 0009 §8)', () => {
  it('a saved location or status change refetches the staff lists, calendars and locations, and leaves the public booking pages alone', async () => {
    const client = new QueryClient();
    const own = [staffLocationsQueryOptions().queryKey, calendarQueryOptions('loc-1', '2026-11').queryKey, bookingsQueryOptions({}, 100).queryKey];
    // what features/booking caches for a visitor on the same tab (its keys, written out: features do not import each other)
    const publicPages = [['booking', 'locations', 'BR'], ['booking', 'countries', 'pt-BR'], ['booking', 'availability', 'loc-1', '2026-11-24', '2026-11-30']];
    for (const key of [...own, ...publicPages]) client.setQueryData(key, { cached: true });

    await invalidateManagerTcData(client);

    expect(own.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]);
    expect(publicPages.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([false, false, false]);
  });
});
