import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { createEventStore, type EventStore, type NewEvent } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import type { AnswerSubmitted } from '@portal/assessment/contracts';
import { catalogueStationSchema, type MediaCompleted, type StationRevised } from '@portal/learning/contracts';
import { scoresProjection } from './scores.projection.js';
import { learnerScores, stationScores } from './queries.js';

const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };
const at = '2026-11-21T12:00:00.000Z';

const station = (stationId: string, parent?: string): StationRevised => ({
  type: 'StationRevised',
  data: {
    stationId,
    revision: 0,
    contentHash: 'h',
    packVersion: 'p',
    revisedAt: at,
    // a station as the catalogue import stores it (the pack's defaults filled in)
    station: catalogueStationSchema.parse({
      stationId,
      path: stationId,
      type: parent ? 'Detail' : 'Map',
      ...(parent ? { parent } : {}),
      title: { 'pt-BR': stationId, es: stationId, en: stationId },
      mediaHashes: {},
      entryHashes: {},
    }),
  },
});
const completed = (actor: string, stationId: string, entryId: string): MediaCompleted => ({
  type: 'MediaCompleted',
  data: { actor, stationId, entryId, entryType: 'video', playSessionId: null, duration: 60, via: 'end', completedAt: at },
});
let rows = 0;
const answer = (actor: string, questionId: string, points: number, extra: Partial<AnswerSubmitted['data']> = {}): AnswerSubmitted => ({
  type: 'AnswerSubmitted',
  data: {
    rowId: `r${(rows += 1)}`,
    actor,
    questionId,
    answerId: `${questionId}-a`,
    isCorrect: points > 0,
    score: points,
    countsForScore: true,
    postQuestionId: null,
    postAnswerId: null,
    postIsCorrect: null,
    postScore: 0,
    postCountsForScore: false,
    points,
    secondsToAnswer: 1,
    context: 'station',
    origin: 'web',
    questionRevision: 0,
    postQuestionRevision: null,
    stationId: 'soja-plantio',
    entryId: null,
    attempt: 1,
    answeredAt: at,
    ...extra,
  },
});

/**
 * Hand-computed learner u1 (30 points per completed entry):
 * - soja-plantio: video completed twice (30 once), station question q1 right (10), then retried
 *   wrong (0: replaces the 10), q2 with a follow-up (10 + 5), media question on the video (10),
 *   an ignoreScore question (0 points, counted as an answer)
 * - soja (the crop's own intro): completed (30)
 * - boas-vindas (stand-alone): station question (10), completed (30)
 * - NPS: AV1 (10) and AV2 (10); an adaptive question asked by no station (7)
 */
const log: (StationRevised | MediaCompleted | AnswerSubmitted)[] = [
  station('soja'),
  station('soja-plantio', 'soja'),
  station('boas-vindas'),
  completed('u1', 'soja-plantio', 'soja-plantio-video'),
  answer('u1', 'q1', 10),
  completed('u1', 'soja-plantio', 'soja-plantio-video'),
  answer('u1', 'q2', 15, { score: 10, postQuestionId: 'q9', postAnswerId: 'q9-a', postIsCorrect: true, postScore: 5, postCountsForScore: true }),
  answer('u1', 'q3', 10, { entryId: 'soja-plantio-video', context: 'media' }),
  answer('u1', 'q4', 0, { score: 10, countsForScore: false }),
  completed('u1', 'soja', 'soja-intro'),
  answer('u1', 'q1', 0, { attempt: 2, isCorrect: false }),
  answer('u1', 'bv1', 10, { stationId: 'boas-vindas' }),
  completed('u1', 'boas-vindas', 'bv-video'),
  answer('u1', 'av1', 10, { context: 'nps', stationId: null }),
  answer('u1', 'av2', 10, { context: 'nps', stationId: null }),
  answer('u1', 'al1', 7, { context: 'adaptive_learning', stationId: null }),
  // another learner, and a guest who earns nothing
  completed('u2', 'soja-plantio', 'soja-plantio-video'),
  answer('u2', 'q1', 10),
  completed('guest:g1', 'boas-vindas', 'bv-video'),
];

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  // one event per append and batches of 3: the incremental build crosses many batch boundaries
  for (const e of log) await store.append(`s-${e.type}-${Math.random()}`, [e as unknown as NewEvent], { expectedRevision: 'no-stream', context: ctx });
  runtime = new ProjectionRuntime(db.database, store, [scoresProjection], { run: false, batchSize: 3 });
  await runtime.start();
  await runtime.catchUp();
});
afterAll(async () => {
  await runtime.stop();
  await store.close();
  await db.drop();
});

describe('scores projection', () => {
  it('computes the score detail of hand-computed cases (completions, retry, follow-up, media answer, ignoreScore, NPS, adaptive)', async () => {
    const u1 = await learnerScores(runtime.reader('scores'), 'u1');
    // questions: q1 0 (retried) + q2 15 + q4 0 + bv1 10 = 25; videos: 3 x 30; media answers: 10; nps 20; extra 7
    expect(u1.total).toEqual({ npsScore: 20, questionsScore: 25, videosScore: 90, videosAnswersScore: 10, othersScore: 127, total: 152, completedEntries: 3, answers: 8 });
    const crops = Object.fromEntries(u1.crops.map((c) => [c.cropId, c.detail]));
    expect(crops.soja).toEqual({ npsScore: 0, questionsScore: 15, videosScore: 60, videosAnswersScore: 10, othersScore: 70, total: 85, completedEntries: 2, answers: 4 });
    expect(crops['boas-vindas']).toEqual({ npsScore: 0, questionsScore: 10, videosScore: 30, videosAnswersScore: 0, othersScore: 30, total: 40, completedEntries: 1, answers: 1 });
    // the total is the sum across crops plus the NPS base and unplaced answers
    expect(u1.total.total).toBe(crops.soja!.total + crops['boas-vindas']!.total + 20 + 7);
    const header = await stationScores(runtime.reader('scores'), 'u1', 'soja-plantio', 'soja');
    expect(header.station).toMatchObject({ questionsScore: 15, videosScore: 30, videosAnswersScore: 10, othersScore: 40, total: 55 });
    expect(header.crop.total).toBe(85);
  });

  it('keeps learners apart and gives guests nothing', async () => {
    expect((await learnerScores(runtime.reader('scores'), 'u2')).total).toMatchObject({ questionsScore: 10, videosScore: 30, total: 40 });
    expect((await learnerScores(runtime.reader('scores'), 'guest:g1')).total.total).toBe(0);
  });

  it('rebuilt from the log equals the incrementally built read model', async () => {
    const dump = async () => {
      const r = runtime.reader('scores');
      return {
        totals: await r.selectFrom('score_totals').selectAll().orderBy('actor').orderBy('scope').execute(),
        answers: await r.selectFrom('score_answers').selectAll().orderBy('actor').orderBy('question_id').execute(),
        completions: await r.selectFrom('score_completions').selectAll().orderBy('actor').orderBy('entry_id').execute(),
        stations: await r.selectFrom('score_stations').selectAll().orderBy('station_id').execute(),
      };
    };
    const incremental = await dump();
    const before = runtime.schemaOf('scores');
    await runtime.rebuild('scores');
    expect(runtime.schemaOf('scores')).not.toBe(before);
    expect(await dump()).toEqual(incremental);
  });
});
