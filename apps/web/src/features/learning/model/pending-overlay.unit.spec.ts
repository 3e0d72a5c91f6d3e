import { describe, expect, it } from 'vitest';
import type { ContentEntryView, StationDetail } from '@portal/learning/contracts/http';
import type { OutboxItem } from '../../../shared/offline/outbox';
import { pendingAnswers, withPendingStation } from './pending-overlay';

// Issue 30: offline, the station shows the learner's own state with what waits in the outbox.

const lockOpen = { locked: false, reason: null, message: null, params: {}, requiredEntryIds: [], requiredStationIds: [] };
const entry = (entryId: string, over: Partial<ContentEntryView> = {}): ContentEntryView =>
  ({
    entryId,
    rowId: `row-${entryId}`,
    stationId: 's1',
    type: 'video',
    title: { 'pt-BR': entryId },
    description: null,
    src: {},
    languages: ['pt-BR'],
    protected: false,
    thumbSrc: null,
    duration: 60,
    optional: false,
    displayOrder: 0,
    groupKey: null,
    tags: [],
    questionsIds: [],
    scormVersion: null,
    requires: [],
    state: null,
    lock: lockOpen,
    contentStatus: 'initial',
    statusColor: null,
    progress: 0,
    to: `/station/s1?video=${entryId}`,
    ...over,
  }) as ContentEntryView;

const station = (entries: ContentEntryView[]): StationDetail =>
  ({ stationId: 's1', entries, progress: { completed: 0, total: entries.length, percent: 0, status: 'not-started' } }) as unknown as StationDetail;

let seq = 0;
const item = (route: OutboxItem['route'], params: Record<string, string>, body: unknown, scope: string): OutboxItem => ({
  key: `k${++seq}`,
  seq,
  userId: 'u1',
  route,
  params,
  body,
  scope,
  clientTime: `2026-12-07T08:00:${String(seq).padStart(2, '0')}.000Z`,
});
const tick = (video: string, event: string, seconds: number, duration = 60) => item('entryWrite', { station: 's1', video }, { event, playSessionId: 'p', seconds, duration }, video);

describe('the station with the pending items applied', () => {
  it('shows a video played to its end as completed, and opens the entry that waited only for it', () => {
    const locked = { locked: true, reason: 'incompleteContent' as const, message: 'lockState.incompleteContentMessage' as const, params: {}, requiredEntryIds: ['a'], requiredStationIds: [] };
    const shown = withPendingStation(station([entry('a'), entry('b', { requires: ['a'], lock: locked, contentStatus: 'disabled' })]), [tick('a', 'play', 0), tick('a', 'progress', 30), tick('a', 'end', 60)]);
    const [a, b] = shown.entries;
    expect(a).toMatchObject({ contentStatus: 'completed', statusColor: 'green', progress: 100 });
    expect(a!.state?.completedAt).toBe('2026-12-07T08:00:03.000Z');
    expect(b!.lock.locked).toBe(false);
    expect(b!.contentStatus).toBe('initial');
    expect(shown.progress).toMatchObject({ completed: 1, total: 2, percent: 50, status: 'in-progress' });
  });

  it('shows a video half watched as started, not completed, and keeps a lock on questions', () => {
    const onQuestions = { locked: true, reason: 'incompleteQuestions' as const, message: 'lockState.incompleteQuestionsMessage' as const, params: {}, requiredEntryIds: ['a'], requiredStationIds: [] };
    const shown = withPendingStation(station([entry('a'), entry('b', { lock: onQuestions, contentStatus: 'disabled' })]), [tick('a', 'progress', 30)]);
    expect(shown.entries[0]).toMatchObject({ contentStatus: 'started', progress: 50 });
    expect(shown.entries[0]!.state?.completedAt).toBeNull();
    expect(shown.entries[1]!.lock.locked).toBe(true);
  });

  it('shows the last bookmark and feedback, and counts the answers waiting', () => {
    const items = [
      item('entryWrite', { station: 's1', video: 'a' }, { event: 'bookmark', value: true }, 'a'),
      item('entryWrite', { station: 's1', video: 'a' }, { event: 'feedback', score: 4 }, 'a'),
      item('submitAnswer', {}, { questionId: 'q1', answerId: 'x', entryId: 'a', stationId: 's1' }, 'q1'),
    ];
    const shown = withPendingStation(station([entry('a')]), items);
    expect(shown.entries[0]!.state).toMatchObject({ bookmarkAt: items[0]!.clientTime, feedbackScore: 4 });
    expect(pendingAnswers(items, { entryId: 'a' })).toBe(1);
    expect(pendingAnswers(items, { entryId: 'b' })).toBe(0);
    const unbookmarked = withPendingStation(shown, [item('entryWrite', { station: 's1', video: 'a' }, { event: 'bookmark', value: false }, 'a')]);
    expect(unbookmarked.entries[0]!.state?.bookmarkAt).toBeNull();
  });
});
