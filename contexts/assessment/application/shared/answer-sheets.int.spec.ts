import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { learnerStream } from '../../contracts/index.js';
import type { AnswerSheetCommand, QuestionFacts } from '../../domain/index.js';
import { AnswerSheets } from './answer-sheets.js';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const ctx = { correlationId: 'c', actor: 'u1', origin: 'web' as const };
const question = (id: string): QuestionFacts => ({
  questionId: id,
  revision: 1,
  hasScore: true,
  ignoreScore: false,
  allowRetry: false,
  postAnswerQuestionId: null,
  options: [
    { id: `${id}-a`, isCorrect: true, score: 10, displayOrder: 0 },
    { id: `${id}-b`, isCorrect: false, score: 0, displayOrder: 1 },
  ],
});
let n = 0;
const submit = (actor: string, q: string): AnswerSheetCommand => ({
  type: 'SubmitAnswer',
  data: {
    rowId: `row-${(n += 1)}`,
    actor,
    question: question(q),
    followUp: null,
    postQuestionId: null,
    answerId: `${q}-b`,
    postAnswerId: null,
    secondsToAnswer: 1,
    context: 'station',
    stationId: 's1',
    entryId: null,
    teaching: { recommendationId: `rec-${n}`, entryIds: ['e1'] },
    now: '2026-11-21T12:00:00.000Z',
  },
});
const answered = async (actor: string) => (await store.readStream(learnerStream(actor))).filter((e) => e.type === 'AnswerSubmitted').map((e) => e.data.questionId);

describe('answer sheets kept in memory (two API instances on one log)', () => {
  it('decides again on the log when another instance wrote meanwhile: no second answer slips through', async () => {
    const a = new AnswerSheets(store);
    const b = new AnswerSheets(store);
    await a.execute('u1', submit('u1', 'q1'), ctx); // a caches u1
    await b.execute('u1', submit('u1', 'q2'), ctx); // b writes behind a's back
    // a's cached sheet does not know q2: its append fails on the revision, the fresh decision refuses
    await expect(a.execute('u1', submit('u1', 'q2'), ctx)).rejects.toMatchObject({ code: 'answer-already-recorded' });
    await a.execute('u1', submit('u1', 'q3'), ctx);
    expect(await answered('u1')).toEqual(['q1', 'q2', 'q3']);
    expect((await store.verifyStream(learnerStream('u1'))).ok).toBe(true);
  });

  if (process.env.TEST_DATABASE_URL) {
    it('records every answer of concurrent writers to one learner exactly once (Postgres server)', async () => {
      const instances = [new AnswerSheets(store), new AnswerSheets(store), new AnswerSheets(store)];
      const ids = Array.from({ length: 24 }, (_, i) => `c${i}`);
      // every question is sent by two instances at once: one wins, the other is refused
      const outcomes = await Promise.allSettled(ids.flatMap((q, i) => [instances[i % 3]!, instances[(i + 1) % 3]!].map((s) => s.execute('u2', submit('u2', q), ctx))));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(ids.length);
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.code)).toEqual(ids.map(() => 'answer-already-recorded'));
      expect((await answered('u2')).sort()).toEqual([...ids].sort());
    });
  } else {
    console.info('[tests] concurrent answer writers need a Postgres server (TEST_DATABASE_URL): not run on PGlite');
  }
});
