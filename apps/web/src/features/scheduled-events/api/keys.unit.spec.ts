import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { rotatingCodeQueryOptions, attendeesQueryOptions } from './attendance';
import { eventQueryOptions, eventsQueryOptions, myEventsQueryOptions } from './events';
import { invalidateEventsData } from './keys';
import { quizzesQueryOptions } from './quizzes';
import { eventReportQueryOptions } from './reports';

describe('the scheduled-events screens invalidate their own data only (ADR 0009 §8)', () => {
  it('a write refetches lists, the event, attendees, quizzes and reports; the rotating code and other features are left alone', async () => {
    const client = new QueryClient();
    const own = [
      eventsQueryOptions({ state: 'published' }, 1).queryKey,
      eventQueryOptions('e1').queryKey,
      myEventsQueryOptions('upcoming').queryKey,
      attendeesQueryOptions('e1').queryKey,
      quizzesQueryOptions().queryKey,
      eventReportQueryOptions('e1').queryKey,
    ];
    const untouched = [rotatingCodeQueryOptions('e1', 'check-in').queryKey, ['manager-tc', 'locations'], ['identity', 'userData']];
    for (const key of [...own, ...untouched]) client.setQueryData(key, { cached: true });

    await invalidateEventsData(client);

    expect(own.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual(own.map(() => true));
    expect(untouched.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([false, false, false]);
  });
});
