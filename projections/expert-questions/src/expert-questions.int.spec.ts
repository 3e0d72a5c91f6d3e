import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@portal/eventstore';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { expertQuestionStream, expertStream, type EngagementEvent } from '@portal/engagement/contracts';
import { expertQuestionsProjection } from './expert-questions.projection.js';
import { expertQueue, expertsOfTheme, listExperts, openQuestionsIn, questionsOfUser, themesOfExpert } from './queries.js';

let db: TestDatabase;
let store: EventStore;
let runtime: ProjectionRuntime;
const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };
const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const labels = (pt: string, es: string, en: string) => ({ 'pt-BR': pt, es, en });

const append = (stream: string, ...events: EngagementEvent[]) => store.append(stream, events, { expectedRevision: 'any', context: ctx });
const asked = (questionId: string, userId: string, themeId: string, minute: number): EngagementEvent => ({
  type: 'ExpertQuestionAsked',
  data: {
    questionId,
    userId,
    email: `${userId}@example.com`,
    lang: 'pt-BR',
    companyId: 'c1',
    country: 'BR',
    themeId,
    themeLabels: themeId === 'soja' ? labels('Soja', 'Soja', 'Soybean') : labels('Milho', 'Maíz', 'Corn'),
    subThemeId: `${themeId}-sub`,
    subThemeLabels: labels('Sub', 'Sub', 'Sub'),
    phone: '+5519999990000',
    title: `Pergunta ${questionId}`,
    question: 'Texto da pergunta',
    askedAt: at(minute),
  },
});
const answered = (questionId: string, userId: string, themeId: string, minute: number): EngagementEvent => ({
  type: 'ExpertQuestionAnswered',
  data: { questionId, userId, themeId, expertId: 'expert-1', expertName: 'Elena Torres', response: `Resposta ${questionId}`, answeredAt: at(minute) },
});
const assigned = (userId: string, themeIds: string[], minute: number): EngagementEvent => ({ type: 'ExpertThemesAssigned', data: { userId, themeIds, by: 'admin', assignedAt: at(minute) } });

const reader = async () => {
  await runtime.catchUp();
  return runtime.reader('expert-questions');
};

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
  runtime = new ProjectionRuntime(db.database, store, [expertQuestionsProjection], { run: false, batchSize: 2 });
  await runtime.start();
  // q1 (soja, oldest), q2 (milho), q3 (soja, answered), q4 (soja, withdrawn), q5 (soja, claimed then answered by another)
  await append(expertQuestionStream('q1'), asked('q1', 'ana', 'soja', 0));
  await append(expertQuestionStream('q2'), asked('q2', 'ana', 'milho', 1));
  await append(expertQuestionStream('q3'), asked('q3', 'bruno', 'soja', 2), answered('q3', 'bruno', 'soja', 10));
  await append(expertQuestionStream('q4'), asked('q4', 'bruno', 'soja', 3), { type: 'ExpertQuestionWithdrawn', data: { questionId: 'q4', userId: 'bruno', withdrawnAt: at(4) } });
  await append(
    expertQuestionStream('q5'),
    asked('q5', 'ana', 'soja', 5),
    { type: 'ExpertQuestionClaimed', data: { questionId: 'q5', expertId: 'expert-2', expertName: 'Diego Ramírez', themeId: 'soja', claimedAt: at(6) } },
  );
  await append(expertStream('expert-1'), assigned('expert-1', ['milho', 'soja'], 0));
  await append(expertStream('expert-2'), assigned('expert-2', ['soja'], 1), assigned('expert-2', [], 2), assigned('expert-2', ['milho'], 3));
});
afterAll(async () => {
  await runtime?.stop();
  await store?.close();
  await db?.drop();
});

describe('expert-questions projection', () => {
  it("lists a learner's questions newest first with state and answer", async () => {
    const rows = await questionsOfUser(await reader(), 'bruno');
    expect(rows.map((r) => [r.questionId, r.status, r.response])).toEqual([
      ['q4', 'withdrawn', null],
      ['q3', 'answered', 'Resposta q3'],
    ]);
    expect(rows[1]).toMatchObject({ themeLabels: { en: 'Soybean' }, answeredBy: 'expert-1', answeredByName: 'Elena Torres', answeredAt: at(10), phone: '+5519999990000', companyId: 'c1' });
  });

  it('the queue of a theme: open questions oldest first, then answered; withdrawn never; paginated with a total', async () => {
    const r = await reader();
    const all = await expertQueue(r, { themeIds: ['soja'], status: 'all' }, { limit: 10, offset: 0 });
    expect(all.total).toBe(3);
    expect(all.rows.map((q) => q.questionId)).toEqual(['q1', 'q5', 'q3']);
    expect(all.rows[1]).toMatchObject({ claimedBy: 'expert-2', claimedByName: 'Diego Ramírez' });
    const page2 = await expertQueue(r, { themeIds: ['soja'], status: 'all' }, { limit: 2, offset: 2 });
    expect(page2).toMatchObject({ total: 3, rows: [{ questionId: 'q3' }] });
    expect((await expertQueue(r, { themeIds: ['soja', 'milho'], status: 'open' }, { limit: 10, offset: 0 })).rows.map((q) => q.questionId)).toEqual(['q1', 'q2', 'q5']);
    expect(await openQuestionsIn(r, ['soja'])).toBe(2);
    expect(await expertQueue(r, { themeIds: [], status: 'all' }, { limit: 10, offset: 0 })).toEqual({ total: 0, rows: [] });
  });

  it('experts per theme follow the latest assignment (an emptied list takes the user off)', async () => {
    const r = await reader();
    expect(await themesOfExpert(r, 'expert-2')).toEqual(['milho']);
    expect(await expertsOfTheme(r, 'soja')).toEqual(['expert-1']);
    expect(await expertsOfTheme(r, 'milho')).toEqual(['expert-1', 'expert-2']);
    expect((await listExperts(r, 'soja')).map((e) => e.userId)).toEqual(['expert-1']);
    expect((await listExperts(r)).map((e) => [e.userId, e.themeIds])).toEqual([
      ['expert-1', ['milho', 'soja']],
      ['expert-2', ['milho']],
    ]);
  });

  it('an event arriving twice (the whole log applied again) changes nothing, and an older change does not undo a newer one', async () => {
    const r = await reader();
    const snapshot = async () => ({
      ana: await questionsOfUser(r, 'ana'),
      bruno: await questionsOfUser(r, 'bruno'),
      experts: await listExperts(r),
      soja: await expertsOfTheme(r, 'soja'),
      milho: await expertsOfTheme(r, 'milho'),
    });
    const before = await snapshot();
    const { events } = await store.readAll({ limit: 1000 });
    const schema = runtime.schemaOf('expert-questions');
    await db.database.db.transaction().execute((trx) => expertQuestionsProjection.apply(trx, schema, events));
    // and the old events alone, out of order: a claim after the answer, an old assignment, the ask again
    const old = events.filter((e) => ['ExpertQuestionAsked', 'ExpertQuestionClaimed', 'ExpertThemesAssigned'].includes(e.type));
    await db.database.db.transaction().execute((trx) => expertQuestionsProjection.apply(trx, schema, old));
    expect(await snapshot()).toEqual(before);
  });
});
