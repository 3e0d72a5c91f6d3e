import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser, signIn, type TestUser } from '@portal/testing/identity';
import { seedDemoUsers } from '@portal/identity/application';
import { importContentPack } from '@portal/learning/application';
import { query } from '@portal/database';
import { checkpointToString } from '@portal/eventstore';
import type { RealtimeMessage } from '@portal/platform';
import { learnerStream } from '../contracts/index.js';

let t: TestApp;
let learner: TestUser;
let auditor: TestUser;
const pushed: RealtimeMessage[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoUsers(t.infra.store, t.infra.clock);
  const pack = await importContentPack(t.infra.store, t.infra.clock);
  if (pack.checkpoint) await t.infra.projections.waitFor('catalogue', pack.checkpoint, 30_000);
  learner = await signIn(t, 'learner@demo.agro', 'Demo#2026');
  auditor = await signIn(t, 'auditor@demo.agro', 'Demo#2026');
  t.infra.realtime.subscribe(learner.userId, (m) => pushed.push(m));
});
afterAll(async () => {
  await t.close();
});

const after = (res: { headers: Record<string, unknown> }): Record<string, string> => {
  const p = res.headers['x-event-position'];
  return typeof p === 'string' ? { 'x-min-position': p } : {};
};
const answer = (body: Record<string, unknown>, token = learner.token, headers: Record<string, string> = {}) => t.request('POST', '/api/user-store/answer', { body, token, headers });
/** token null: no authorization header */
const get = (url: string, token: string | null = learner.token, headers: Record<string, string> = {}) => t.request('GET', url, { ...(token ? { token } : {}), headers });

describe('POST /api/user-store/answer', () => {
  it('decides isCorrect and score on the server: a client that sends them is ignored', async () => {
    const res = await answer({ questionId: 'soja-manejo-q1', answerId: 'soja-manejo-q1-b', secondsToAnswer: 3.14159, isCorrect: true, score: 999, context: 'station' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-event-position']).toMatch(/^\d+\.\d+$/);
    const body = res.json();
    expect(body).toMatchObject({
      result: 'incorrect',
      points: 0,
      canRetry: false,
      correctAnswerIds: ['soja-manejo-q1-a'],
      answer: { questionId: 'soja-manejo-q1', answerId: 'soja-manejo-q1-b', isCorrect: false, score: 0, secondsToAnswer: 3.14, context: 'station', origin: 'web', stationId: 'soja-manejo', entryId: null, attempt: 1, questionRevision: 1 },
      questionsProgress: { total: 2, answered: 1, correct: 0, isComplete: false, requirementsMet: false, mandatoryAnswerAll: false, minCorrectAnswers: 2 },
    });
    const all = await get('/api/user-store/all-answers', learner.token, after(res));
    expect(all.json().answers).toEqual([expect.objectContaining({ questionId: 'soja-manejo-q1', isCorrect: false, score: 0, secondsToAnswer: 3.14, rowId: body.answer.rowId })]);
  });

  it('scores a right answer from the option and records where it was asked (media question)', async () => {
    const res = await answer({ questionId: 'soja-plantio-q1', answerId: 'soja-plantio-q1-a', secondsToAnswer: 12, entryId: 'soja-plantio-video', isCorrect: false, score: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ result: 'correct', points: 10, answer: { isCorrect: true, score: 10, context: 'media', stationId: 'soja-plantio', entryId: 'soja-plantio-video' }, questionsProgress: null });
  });

  it('needs a question id and an answer id it knows (400 app/bed-request with field errors)', async () => {
    const missing = await answer({ secondsToAnswer: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'app/bed-request' });
    expect(missing.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['answerId', 'questionId']);
    const unknownQuestion = await answer({ questionId: 'no-such-question', answerId: 'x' });
    expect(unknownQuestion.statusCode).toBe(400);
    expect(unknownQuestion.json().details).toEqual([expect.objectContaining({ path: 'questionId' })]);
    const unknownAnswer = await answer({ questionId: 'soja-colheita-q1', answerId: 'soja-manejo-q1-a' });
    expect(unknownAnswer.statusCode).toBe(400);
    expect(unknownAnswer.json().details).toEqual([expect.objectContaining({ path: 'answerId' })]);
    const wrongPlace = await answer({ questionId: 'soja-colheita-q1', answerId: 'soja-colheita-q1-a', entryId: 'soja-plantio-video' });
    expect(wrongPlace.json().details).toEqual([expect.objectContaining({ path: 'entryId' })]);
    const badFollowUp = await answer({ questionId: 'soja-colheita-q1', answerId: 'soja-colheita-q1-a', postQuestionId: 'soja-colheita-q2', postAnswerId: 'soja-colheita-q2-a' });
    expect(badFollowUp.json().details).toEqual([expect.objectContaining({ path: 'postQuestionId' })]);
    const negative = await answer({ questionId: 'soja-colheita-q1', answerId: 'soja-colheita-q1-a', secondsToAnswer: -1 });
    expect(negative.json().details).toEqual([expect.objectContaining({ path: 'secondsToAnswer' })]);
    // nothing of the refused calls was recorded
    const all = await get('/api/user-store/all-answers');
    expect(all.json().answers.map((a: { questionId: string }) => a.questionId)).not.toContain('soja-colheita-q1');
  });

  it('refuses a second answer to a question without retry, with a clear code', async () => {
    const first = await answer({ questionId: 'soja-colheita-q2', answerId: 'soja-colheita-q2-a' });
    expect(first.statusCode).toBe(201);
    const second = await answer({ questionId: 'soja-colheita-q2', answerId: 'soja-colheita-q2-b' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ statusCode: 409, code: 'answer-already-recorded' });
  });

  it('answers AV1 then AV2 (context nps), one at a time', async () => {
    const early = await answer({ questionId: 'AV2', answerId: 'av2-5' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('nps-out-of-order');
    const panel = await get('/api/questions/nps');
    expect(panel.json()).toMatchObject({ nextQuestionId: 'av1', completed: false });
    expect(panel.json().questions[0].question.options[0]).toEqual({ id: 'av1-0', label: { 'pt-BR': '0', es: '0', en: '0' }, prefix: '', displayOrder: 0 });
    const av1 = await answer({ questionId: 'AV1', answerId: 'av1-9', secondsToAnswer: 4, context: 'nps' });
    expect(av1.json()).toMatchObject({ nextNpsQuestionId: 'av2', correctAnswerIds: null, answer: { questionId: 'av1', context: 'nps', stationId: null, score: 10 } });
    const av2 = await answer({ questionId: 'av2', answerId: 'av2-4', context: 'nps' });
    expect(av2.statusCode).toBe(201);
    const done = await get('/api/questions/nps', learner.token, after(av2));
    expect(done.json()).toMatchObject({ nextQuestionId: null, completed: true });
    const events = await t.infra.store.readStream(learnerStream(learner.userId));
    expect(events.filter((e) => e.type === 'NpsAnswered').map((e) => e.data)).toEqual([
      expect.objectContaining({ questionId: 'av1', step: 1, rating: 9 }),
      expect.objectContaining({ questionId: 'av2', step: 2, rating: 4 }),
    ]);
  });

  it('lets only signed-in, verified and Completed learners answer', async () => {
    const body = { questionId: 'milho-hibridos-q1', answerId: 'milho-hibridos-q1-a' };
    expect((await t.request('POST', '/api/user-store/answer', { body })).statusCode).toBe(401);
    expect((await t.request('POST', '/api/user-store/answer', { body, headers: { 'x-guest-id': randomUUID() } })).statusCode).toBe(401);
    const fresh = await registerUser(t, 'fresh.learner@example.com');
    expect((await answer(body, fresh.token)).statusCode).toBe(403);
    expect((await get('/api/user-store/all-answers', null)).statusCode).toBe(401);
  });
});

describe('questions for the overlay', () => {
  it('lists a station\'s questions without the answer key, with the learner\'s answers and the questions progress', async () => {
    const res = await get('/api/questions/station/soja-manejo');
    expect(res.statusCode).toBe(200);
    const set = res.json();
    expect(set).toMatchObject({ scope: 'station', stationId: 'soja-manejo', nextQuestionId: 'soja-manejo-q2', progress: { total: 2, answered: 1, correct: 0, minCorrectAnswers: 2, requirementsMet: false } });
    const [q1, q2] = set.questions;
    expect(q1).toMatchObject({ canAnswer: false, answer: { answerId: 'soja-manejo-q1-b', isCorrect: false }, correctAnswerIds: ['soja-manejo-q1-a'] });
    expect(q2).toMatchObject({ canAnswer: true, answer: null, correctAnswerIds: null });
    expect(JSON.stringify(set)).not.toMatch(/isCorrect":true|"score":10/);
    expect((await get('/api/questions/entry/soja-plantio-video')).json()).toMatchObject({ scope: 'entry', progress: null, questions: [{ answer: { isCorrect: true } }] });
    expect((await get('/api/questions/station/no-such-station')).statusCode).toBe(404);
  });
});

describe('recommendations and adaptive learning', () => {
  it('recommends the content that teaches a wrongly answered question, pushes it over SSE and marks it visited', async () => {
    pushed.length = 0;
    const wrong = await answer({ questionId: 'milho-hibridos-q1', answerId: 'milho-hibridos-q1-b', context: 'adaptive_learning', stationId: 'milho-hibridos' });
    expect(wrong.json().answer).toMatchObject({ context: 'adaptive_learning', stationId: 'milho-hibridos', isCorrect: false });
    const list = await get('/api/adaptive/recommendations', learner.token, after(wrong));
    const rec = list.json().recommendations.find((r: { questionId: string }) => r.questionId === 'milho-hibridos-q1');
    expect(rec).toMatchObject({ status: 'initial', stationId: 'milho-hibridos', videosState: [{ entryId: 'milho-hibridos-video', contentStatus: 'initial', to: '/training/milho/milho-hibridos?video=milho-hibridos-video&start=true' }, { entryId: 'milho-hibridos-manual' }] });
    await expect.poll(() => pushed.map((m) => m.type)).toContain('recommendations');
    const message = pushed.find((m) => m.type === 'recommendations')!.data as { position: string; recommendations: { questionId: string }[] };
    expect(message.position).toBe(wrong.headers['x-event-position']);
    expect(message.recommendations.map((r) => r.questionId)).toContain('milho-hibridos-q1');
    const visited = await t.request('POST', `/api/adaptive/setVisited/${rec.recommendationId}`, { token: learner.token });
    expect(visited.statusCode).toBe(200);
    const again = await get('/api/adaptive/recommendations', learner.token, after(visited));
    expect(again.json().recommendations.find((r: { recommendationId: string }) => r.recommendationId === rec.recommendationId)).toMatchObject({ status: 'visited' });
    expect((await t.request('POST', `/api/adaptive/setVisited/${randomUUID()}`, { token: learner.token })).statusCode).toBe(404);
    expect((await t.request('POST', '/api/adaptive/setVisited/not-a-uuid', { token: learner.token })).statusCode).toBe(400);
    // a right answer to an unrelated question changes no recommendation: nothing is pushed
    pushed.length = 0;
    const right = await answer({ questionId: 'milho-hibridos-q2', answerId: 'milho-hibridos-q2-a' });
    expect(right.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 50));
    expect(pushed).toEqual([]);
  });

  it('counts unseen items: showInNotification, content still initial, not marked seen in the notifications sidebar', async () => {
    pushed.length = 0;
    const wrong = await answer({ questionId: 'boas-vindas-q1', answerId: 'boas-vindas-q1-b' });
    const list = await get('/api/adaptive/recommendations', learner.token, after(wrong));
    const rec = list.json().recommendations.find((r: { questionId: string }) => r.questionId === 'boas-vindas-q1');
    expect(rec.videosState).toEqual([expect.objectContaining({ rowId: 'bv-video', showInNotification: true, contentStatus: 'initial' })]);
    expect(list.json().unseen).toBe(1);
    await expect.poll(() => pushed.find((m) => m.type === 'unseen')?.data).toEqual({ count: 1 });
    const seen = await t.request('POST', '/api/notification-messages/set-viewed-row-ids', { token: learner.token, body: { rowIds: ['bv-video'] } });
    expect(seen.statusCode).toBe(204);
    await t.infra.projections.waitFor('engagement', await t.infra.store.headCheckpoint());
    expect((await get('/api/adaptive/recommendations')).json().unseen).toBe(0);
  });

  it('serves /learning: the first detail item and its first unanswered question; ids outside the lists are ignored', async () => {
    // the answers of the tests above, as a client that remembers its last write would ask
    const res = await get('/api/adaptive/learning', learner.token, { 'x-min-position': checkpointToString(await t.infra.store.headCheckpoint()) });
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state.items.map((i: { stationId: string }) => i.stationId)).toEqual(['boas-vindas', 'soja-plantio', 'soja-manejo', 'milho-hibridos', 'algodao-solo']);
    expect(state).toMatchObject({ activeStationId: 'boas-vindas', activeQuestionId: 'boas-vindas-q2' });
    const manejo = await get('/api/adaptive/learning?stationId=soja-manejo');
    expect(manejo.json()).toMatchObject({ activeStationId: 'soja-manejo', activeQuestionId: 'soja-manejo-q2' });
    const chosen = await get('/api/adaptive/learning?stationId=soja-manejo&questionId=soja-manejo-q1');
    expect(chosen.json().activeQuestionId).toBe('soja-manejo-q1');
    const foreign = await get('/api/adaptive/learning?stationId=milho-safrinha&questionId=soja-manejo-q1');
    expect(foreign.json()).toMatchObject({ activeStationId: 'boas-vindas', activeQuestionId: 'boas-vindas-q2' });
    expect(state.pendingRecommendations).toBeGreaterThanOrEqual(1);
  });
});

describe('public surveys', () => {
  const guest = randomUUID();
  it('lets a guest read and answer a survey, one answer per question', async () => {
    const view = await get('/api/survey/br/satisfacao', null, { 'x-guest-id': guest });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ surveyId: 'br-satisfacao', country: 'BR', nextQuestionId: 'br-satisfacao-recomendacao', completed: false });
    const res = await t.request('POST', '/api/survey/BR/satisfacao', { headers: { 'x-guest-id': guest }, body: { questionId: 'br-satisfacao-recomendacao', answerId: 'br-satisfacao-recomendacao-8', secondsToAnswer: 2.345 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ nextQuestionId: 'br-satisfacao-conteudo', completed: false });
    const again = await t.request('POST', '/api/survey/BR/satisfacao', { headers: { 'x-guest-id': guest }, body: { questionId: 'br-satisfacao-recomendacao', answerId: 'br-satisfacao-recomendacao-2' } });
    expect(again.json().code).toBe('answer-already-recorded');
    const mine = await get('/api/survey/BR/satisfacao', null, { 'x-guest-id': guest, ...after(res) });
    expect(mine.json().answers).toEqual([expect.objectContaining({ questionId: 'br-satisfacao-recomendacao', answerId: 'br-satisfacao-recomendacao-8' })]);
    const events = await t.infra.store.readStream(`assessment.survey-br-satisfacao-guest:${guest}`);
    expect(events[0]).toMatchObject({ type: 'SurveyAnswered', data: { actor: `guest:${guest}`, secondsToAnswer: 2.35, context: 'nps' }, metadata: { actor: `guest:${guest}`, origin: 'web' } });
  });

  it('takes signed-in users too, and refuses anonymous callers, unknown surveys and foreign options', async () => {
    const user = await t.request('POST', '/api/survey/BR/satisfacao', { token: learner.token, body: { questionId: 'br-satisfacao-conteudo', answerId: 'br-satisfacao-conteudo-4' } });
    expect(user.statusCode).toBe(201);
    expect((await get('/api/survey/BR/satisfacao', null)).statusCode).toBe(401);
    expect((await get('/api/survey/BR/nope', null, { 'x-guest-id': guest })).statusCode).toBe(404);
    expect((await get('/api/survey/AR', null, { 'x-guest-id': guest })).json()).toEqual([expect.objectContaining({ surveyPath: 'satisfaccion' })]);
    const foreign = await t.request('POST', '/api/survey/BR/satisfacao', { headers: { 'x-guest-id': guest }, body: { questionId: 'br-satisfacao-conteudo', answerId: 'av1-1' } });
    expect(foreign.json().details).toEqual([expect.objectContaining({ path: 'answerId' })]);
  });
});

describe('GET /api/audit/answers/:userId', () => {
  it('lists every AnswerSubmitted of a learner with its metadata and verifies the hash chain (auditor only)', async () => {
    const res = await get(`/api/audit/answers/${learner.userId}`, auditor.token);
    expect(res.statusCode).toBe(200);
    const audit = res.json();
    expect(audit).toMatchObject({ userId: learner.userId, streamId: learnerStream(learner.userId), verified: true, brokenAt: null });
    expect(audit.answers.length).toBeGreaterThanOrEqual(6);
    expect(audit.answers[0]).toMatchObject({
      type: 'AnswerSubmitted',
      data: { questionId: 'soja-manejo-q1', isCorrect: false, score: 0 },
      actor: learner.userId,
      origin: 'web',
      schemaVersion: 1,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await get(`/api/audit/answers/${learner.userId}`)).statusCode).toBe(403);
    expect((await get(`/api/audit/answers/${learner.userId}`, null)).statusCode).toBe(401);
    expect((await get('/api/audit/answers/not-a-uuid', auditor.token)).statusCode).toBe(400);
  });

  it('reports a tampered answer as a broken chain', async () => {
    await query(t.db.database.db, `update es_events set data = jsonb_set(data, '{isCorrect}', 'true') where stream_id = $1 and type = 'AnswerSubmitted' and data->>'questionId' = 'soja-manejo-q1'`, [
      learnerStream(learner.userId),
    ]);
    const audit = (await get(`/api/audit/answers/${learner.userId}`, auditor.token)).json();
    expect(audit).toMatchObject({ verified: false, brokenAt: '0' });
  });
});
