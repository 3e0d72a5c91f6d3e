import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { progressStream, type ProgressEvent } from '@portal/learning/contracts';
import { progressProjection } from './progress.projection.js';
import { findScormState, loadLearnerProgress } from './queries.js';

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;
const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };
const t = (s: number) => new Date(Date.parse('2026-11-21T10:00:00.000Z') + s * 1000).toISOString();
const a = { actor: 'u1', stationId: 's1' };

const history: ProgressEvent[] = [
  { type: 'StationVisited', data: { ...a, viewType: 'detail', visitedAt: t(0) } },
  { type: 'ContentViewed', data: { ...a, entryId: 'e1', entryType: 'video', viewedAt: t(1) } },
  { type: 'MediaStarted', data: { ...a, entryId: 'e1', entryType: 'video', playSessionId: 'p1', seconds: 0, duration: 100, startedAt: t(2) } },
  { type: 'MediaProgressed', data: { ...a, entryId: 'e1', playSessionId: 'p1', seconds: 40, duration: 100, percent: 0.4, cause: 'progress', at: t(42) } },
  { type: 'MediaCompleted', data: { ...a, entryId: 'e1', entryType: 'video', playSessionId: 'p1', duration: 100, via: 'end', completedAt: t(102) } },
  { type: 'StationMediaCompleted', data: { ...a, entryIds: ['e1'], completedAt: t(102) } },
  { type: 'MediaStarted', data: { ...a, entryId: 'e1', entryType: 'video', playSessionId: 'p2', seconds: 0, duration: 100, startedAt: t(200) } },
  { type: 'MediaCompleted', data: { ...a, entryId: 'e1', entryType: 'video', playSessionId: 'p2', duration: 100, via: 'threshold', completedAt: t(300) } },
  { type: 'BookmarkAdded', data: { ...a, entryId: 'e1', bookmarkAt: t(301) } },
  { type: 'ContentFeedbackGiven', data: { ...a, entryId: 'e1', score: 4, givenAt: t(302) } },
  { type: 'MediaStateSaved', data: { ...a, entryId: 'e1', mediaId: 'player', data: { volume: 0.5 }, savedAt: t(303) } },
  { type: 'MediaStateSaved', data: { ...a, entryId: 'e1', mediaId: 'captions', data: { lang: 'es' }, savedAt: t(304) } },
  { type: 'StationVisited', data: { ...a, viewType: 'map', visitedAt: t(400) } },
  { type: 'StationFeedbackGiven', data: { ...a, score: 5, givenAt: t(401) } },
  { type: 'BookmarkAdded', data: { ...a, entryId: 'e2', bookmarkAt: t(402) } },
  { type: 'BookmarkRemoved', data: { ...a, entryId: 'e2', removedAt: t(403) } },
  { type: 'ScormStateSaved', data: { ...a, entryId: 'c1', version: '1.2', cmi: { 'cmi.core.lesson_location': '2' }, lessonStatus: 'incomplete', savedAt: t(500) } },
  { type: 'ScormCompleted', data: { ...a, entryId: 'c1', version: '1.2', status: 'passed', score: 90, completedAt: t(600) } },
  { type: 'MediaCompleted', data: { ...a, entryId: 'c1', entryType: 'scorm', playSessionId: null, duration: 0, via: 'scorm', completedAt: t(600) } },
  { type: 'PodcastEpisodeDownloaded', data: { ...a, entryId: 'e1', lang: 'pt-BR', linkId: 'l1', downloadedAt: t(700) } },
];

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  // small batches: the incremental build crosses many batch boundaries
  runtime = new ProjectionRuntime(db.database, store, [progressProjection], { run: false, batchSize: 3 });
  await runtime.start();
  for (const e of history) await store.append(progressStream('u1', 's1'), [{ type: e.type, data: e.data as unknown as Record<string, unknown> }], { expectedRevision: 'any', context: ctx });
  // an answer fed by the assessment context, and one it cannot read
  await store.append('assessment.facts-u1', [{ type: 'AnswerSubmitted', data: { actor: 'u1', questionId: 'q1', stationId: 's1', entryId: null, isCorrect: true, answeredAt: t(800) } }], { expectedRevision: 'any', context: ctx });
  await store.append('assessment.facts-u1', [{ type: 'AnswerSubmitted', data: { actor: 'u1', questionId: 42 } }], { expectedRevision: 'any', context: ctx });
  await runtime.catchUp();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const dump = async () => {
  const r = runtime.reader('progress');
  const all = async (table: string, order: string[]) => {
    let q = r.selectFrom(table).selectAll();
    for (const o of order) q = q.orderBy(o);
    return JSON.parse(JSON.stringify(await q.execute()));
  };
  return {
    stations: await all('station_states', ['actor', 'station_id']),
    entries: await all('entry_states', ['actor', 'entry_id']),
    scorm: await all('scorm_states', ['actor', 'entry_id']),
    answers: await all('question_facts', ['actor', 'question_id']),
  };
};

describe('progress projection', () => {
  it('turns progress events into station and entry states (000 §3)', async () => {
    const p = await loadLearnerProgress(runtime.reader('progress'), 'u1');
    expect(p.stations).toEqual([{ stationId: 's1', visitsCount: 2, firstVisitAt: t(0), lastVisitAt: t(400), viewType: 'map', feedbackScore: 5, videosCompletedAt: t(102) }]);
    const e1 = p.entries.find((e) => e.entryId === 'e1');
    expect(e1).toEqual({
      entryId: 'e1',
      stationId: 's1',
      type: 'video',
      playCount: 2,
      completedCount: 2,
      duration: 100,
      percent: 1,
      seconds: 100,
      completedAt: t(102),
      firstPlayAt: t(2),
      lastPlayAt: t(300),
      updatedAt: t(302),
      viewsCount: 1,
      firstViewAt: t(1),
      lastViewAt: t(1),
      bookmarkAt: t(301),
      feedbackScore: 4,
      mediaState: { player: { volume: 0.5 }, captions: { lang: 'es' } },
    });
    expect(p.entries.find((e) => e.entryId === 'e2')!.bookmarkAt).toBeNull();
    expect(p.entries.find((e) => e.entryId === 'c1')).toMatchObject({ completedCount: 1, playCount: 1, completedAt: t(600) });
    expect(await findScormState(runtime.reader('progress'), 'u1', 'c1')).toMatchObject({ cmi: { 'cmi.core.lesson_location': '2' }, status: 'passed', score: 90, completedAt: t(600) });
    expect(p.answers).toEqual([{ questionId: 'q1', stationId: 's1', entryId: null, isCorrect: true, answeredAt: t(800) }]);
    expect(await loadLearnerProgress(runtime.reader('progress'), 'someone-else')).toEqual({ entries: [], stations: [], answers: [] });
  });

  it('rebuilt from the log equals the incremental build', async () => {
    const incremental = await dump();
    await runtime.rebuild('progress');
    expect(await dump()).toEqual(incremental);
  });
});
