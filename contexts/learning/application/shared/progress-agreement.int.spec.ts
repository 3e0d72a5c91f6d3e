import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { progressProjection, loadLearnerProgress } from '@portal/projection-progress';
import { feedsProjection, loadLearnerFeed } from '@portal/projection-feeds';
import { progressStream } from '../../contracts/index.js';
import { decideProgress, evolveProgress, initialProgressState, unlocked, type EntryFacts, type ProgressCommand, type ProgressState } from '../../domain/index.js';
import { ProgressWriter } from './progress-writer.js';

/**
 * The read models redo the decider's arithmetic in SQL: a long pseudo-random session of
 * commands must leave the progress and feeds rows equal to the decider's own fold.
 */
let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;
const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  runtime = new ProjectionRuntime(db.database, store, [progressProjection, feedsProjection], { run: false, batchSize: 7 });
  await runtime.start();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('progress read models agree with the progress decider', () => {
  it('after 400 random commands', async () => {
    const rnd = random(42);
    const entries: EntryFacts[] = [
      { entryId: 'v1', type: 'video', duration: 120 },
      { entryId: 'v2', type: 'audio', duration: 60 },
      { entryId: 'd1', type: 'pdf', duration: 0 },
    ];
    const station = { entries: entries.map((e, i) => ({ entryId: e.entryId, optional: i === 1 })) };
    const actor = 'u1';
    const stationId = 's1';
    let state: ProgressState = initialProgressState();
    let now = Date.parse('2026-11-21T10:00:00.000Z');
    const sessions = ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => `session-${s}`);
    for (let i = 0; i < 400; i++) {
      now += Math.floor(rnd() * 20_000);
      const at = new Date(now).toISOString();
      const entry = entries[Math.floor(rnd() * entries.length)]!;
      const r = rnd();
      let command: ProgressCommand;
      if (r < 0.5) {
        const events = ['play', 'progress', 'pause', 'seek', 'hide', 'end'] as const;
        const event = events[Math.floor(rnd() * events.length)]!;
        const seconds = entry.duration === 0 ? 0 : Math.round(rnd() * entry.duration * 10) / 10;
        command = { type: 'TrackPlay', data: { actor, stationId, entry, station, lock: unlocked(), event, playSessionId: sessions[Math.floor(rnd() * sessions.length)]!, seconds, duration: entry.duration, now: at } };
      } else if (r < 0.65) command = { type: 'ViewContent', data: { actor, stationId, entry, station, lock: unlocked(), now: at } };
      else if (r < 0.75) command = { type: 'SetBookmark', data: { actor, stationId, entry, value: rnd() < 0.6, now: at } };
      else if (r < 0.85) command = { type: 'GiveContentFeedback', data: { actor, stationId, entry, score: 1 + Math.floor(rnd() * 5), now: at } };
      else if (r < 0.95) command = { type: 'VisitStation', data: { actor, stationId, viewType: rnd() < 0.5 ? 'map' : 'detail', now: at } };
      else command = { type: 'GiveStationFeedback', data: { actor, stationId, score: 1 + Math.floor(rnd() * 5), now: at } };
      const events = decideProgress(command, state);
      if (events.length === 0) continue;
      await store.append(progressStream(actor, stationId), events.map((e) => ({ type: e.type, data: e.data as unknown as Record<string, unknown> })), { expectedRevision: 'any', context: ctx });
      state = events.reduce(evolveProgress, state);
    }
    await runtime.catchUp();

    const progress = await loadLearnerProgress(runtime.reader('progress'), actor);
    expect(progress.stations[0]).toEqual({
      stationId,
      visitsCount: state.visitsCount,
      firstVisitAt: state.firstVisitAt,
      lastVisitAt: state.lastVisitAt,
      viewType: state.viewType,
      feedbackScore: state.feedbackScore,
      videosCompletedAt: state.videosCompletedAt,
    });
    const feed = await loadLearnerFeed(runtime.reader('feeds'), actor);
    for (const row of progress.entries) {
      const e = state.entries[row.entryId]!;
      const { sessions: _s, completedSessions: _c, lastTick: _l, scorm: _sc, entryId, type: _t, ...fields } = e;
      void _s, _c, _l, _sc, _t;
      expect({ entryId: row.entryId, ...fields }).toEqual({
        entryId,
        playCount: row.playCount,
        completedCount: row.completedCount,
        duration: row.duration,
        percent: row.percent,
        seconds: row.seconds,
        completedAt: row.completedAt,
        firstPlayAt: row.firstPlayAt,
        lastPlayAt: row.lastPlayAt,
        updatedAt: row.updatedAt,
        viewsCount: row.viewsCount,
        firstViewAt: row.firstViewAt,
        lastViewAt: row.lastViewAt,
        bookmarkAt: row.bookmarkAt,
        feedbackScore: row.feedbackScore,
        mediaState: row.mediaState,
      });
      const f = feed.items.find((i) => i.entryId === row.entryId)!;
      expect({ completedCount: f.completedCount, completedAt: f.completedAt, seconds: f.seconds, percent: f.percent, bookmarkAt: f.bookmarkAt, feedbackScore: f.feedbackScore, viewsCount: f.viewsCount }).toEqual({
        completedCount: e.completedCount,
        completedAt: e.completedAt,
        seconds: e.seconds,
        percent: e.percent,
        bookmarkAt: e.bookmarkAt,
        feedbackScore: e.feedbackScore,
        viewsCount: e.viewsCount,
      });
    }
    expect(progress.entries.length).toBe(Object.keys(state.entries).length);
    expect(state.entries.v1!.completedCount).toBeGreaterThan(0);
  });
});

describe('progress writes from two API instances', () => {
  it('lose nothing: a stale cache is caught by the expected revision and decided again', async () => {
    // two writers = two processes, each with its own cache of the same learner's stream
    const a = new ProgressWriter(store, runtime);
    const b = new ProgressWriter(store, runtime);
    const entry: EntryFacts = { entryId: 'v9', type: 'video', duration: 100 };
    const station = { entries: [{ entryId: 'v9', optional: false }] };
    const at = (s: number) => new Date(Date.parse('2026-11-22T10:00:00.000Z') + s * 1000).toISOString();
    const play = (session: string, now: string): ProgressCommand => ({
      type: 'TrackPlay',
      data: { actor: 'u2', stationId: 's9', entry, station, lock: unlocked(), event: 'play', playSessionId: session, seconds: 0, duration: 100, now },
    });
    const bookmark = (value: boolean, now: string): ProgressCommand => ({ type: 'SetBookmark', data: { actor: 'u2', stationId: 's9', entry, value, now } });
    await a.execute('u2', 's9', () => play('one', at(0)), ctx);
    await b.execute('u2', 's9', () => play('two', at(1)), ctx);
    // a's cache is one event behind: its append conflicts, it reads the tail and decides again
    const third = await a.execute('u2', 's9', () => play('three', at(2)), ctx);
    expect(third.state.entries.v9!.playCount).toBe(3);
    await a.execute('u2', 's9', () => bookmark(true, at(3)), ctx);
    // b still believes there is no bookmark: its "remove" must not be a silent no-op
    const removed = await b.execute('u2', 's9', () => bookmark(false, at(4)), ctx);
    expect(removed.events.map((e) => e.type)).toEqual(['BookmarkRemoved']);
    // and a stale "nothing to do" is checked against the log: a believes the bookmark is there
    const added = await a.execute('u2', 's9', () => bookmark(true, at(5)), ctx);
    expect(added.events.map((e) => e.type)).toEqual(['BookmarkAdded']);
    const racing = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((s, i) => (i % 2 ? a : b).execute('u2', 's9', () => play(s, at(10 + i)), ctx)));
    expect(racing.every((r) => r.events.length === 1)).toBe(true);
    const folded = (await store.readStream(progressStream('u2', 's9'))).reduce((st, r) => evolveProgress(st, { type: r.type, data: r.data } as never), initialProgressState());
    expect(folded.entries.v9).toMatchObject({ playCount: 7, bookmarkAt: at(5) });
  });
});
