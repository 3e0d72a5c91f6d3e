import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { progressStream, type ProgressEvent } from '@portal/learning/contracts';
import { feedsProjection } from './feeds.projection.js';
import { loadLearnerFeed } from './feeds.queries.js';

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;
const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };
const t = (s: number) => new Date(Date.parse('2026-11-21T10:00:00.000Z') + s * 1000).toISOString();
const a = { actor: 'u1', stationId: 's1' };
const b = { actor: 'u1', stationId: 's2' };

const history: ProgressEvent[] = [
  { type: 'StationVisited', data: { ...a, viewType: 'detail', visitedAt: t(0) } },
  { type: 'ContentViewed', data: { ...a, entryId: 'e1', entryType: 'video', viewedAt: t(1) } },
  { type: 'MediaStarted', data: { ...a, entryId: 'e1', entryType: 'video', playSessionId: 'p1', seconds: 0, duration: 100, startedAt: t(2) } },
  { type: 'MediaProgressed', data: { ...a, entryId: 'e1', playSessionId: 'p1', seconds: 40, duration: 100, percent: 0.4, cause: 'pause', at: t(42) } },
  { type: 'ContentFeedbackGiven', data: { ...a, entryId: 'e1', score: 3, givenAt: t(50) } },
  { type: 'BookmarkAdded', data: { ...a, entryId: 'e1', bookmarkAt: t(60) } },
  { type: 'StationVisited', data: { ...b, viewType: 'detail', visitedAt: t(100) } },
  { type: 'MediaCompleted', data: { ...b, entryId: 'd1', entryType: 'pdf', playSessionId: 'x', duration: 0, via: 'document', completedAt: t(101) } },
  { type: 'BookmarkAdded', data: { ...b, entryId: 'd1', bookmarkAt: t(102) } },
  { type: 'BookmarkRemoved', data: { ...b, entryId: 'd1', removedAt: t(103) } },
  { type: 'StationVisited', data: { ...a, viewType: 'detail', visitedAt: t(200) } },
  { type: 'StationMediaCompleted', data: { ...b, entryIds: ['d1'], completedAt: t(101) } },
];

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  runtime = new ProjectionRuntime(db.database, store, [feedsProjection], { run: false, batchSize: 4 });
  await runtime.start();
  for (const e of history) await store.append(progressStream(e.data.actor, e.data.stationId), [{ type: e.type, data: e.data as unknown as Record<string, unknown> }], { expectedRevision: 'any', context: ctx });
  await runtime.catchUp();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const dump = async () => {
  const r = runtime.reader('feeds');
  return {
    items: JSON.parse(JSON.stringify(await r.selectFrom('feed_items').selectAll().orderBy('actor').orderBy('entry_id').execute())),
    stations: JSON.parse(JSON.stringify(await r.selectFrom('feed_stations').selectAll().orderBy('actor').orderBy('station_id').execute())),
  };
};

describe('feeds projection', () => {
  it('keeps one row per touched entry with what the playlists sort on, and the last visits', async () => {
    const feed = await loadLearnerFeed(runtime.reader('feeds'), 'u1');
    expect(feed.visits).toEqual({ s1: t(200), s2: t(100) });
    expect(feed.items.find((i) => i.entryId === 'e1')).toEqual({
      entryId: 'e1',
      stationId: 's1',
      lastPlayAt: t(42),
      lastViewAt: t(1),
      bookmarkAt: t(60),
      feedbackScore: 3,
      feedbackAt: t(50),
      completedCount: 0,
      completedAt: null,
      viewsCount: 1,
      seconds: 40,
      duration: 100,
      percent: 0.4,
      updatedAt: t(50),
    });
    expect(feed.items.find((i) => i.entryId === 'd1')).toMatchObject({ completedCount: 1, completedAt: t(101), percent: 1, bookmarkAt: null, lastPlayAt: t(101) });
  });

  it('rebuilt from the log equals the incremental build', async () => {
    const incremental = await dump();
    await runtime.rebuild('feeds');
    expect(await dump()).toEqual(incremental);
  });
});
