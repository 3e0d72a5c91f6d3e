import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { lastMail, signIn, type TestUser } from '@portal/testing/identity';
import { DEMO_PASSWORD, seedDemoUsers } from '@portal/identity/application';
import type { RealtimeMessage } from '@portal/platform';
import { expertQuestionStream } from '../contracts/index.js';
import { ExpertNotices } from './shared/expert-notices.js';

/**
 * Ask the expert over HTTP on Postgres (ADR 0072): a learner asks, an expert of the theme answers
 * from the queue, the learner reads the answer, is told in the learner area and by mail; every
 * route is called by who may not call it.
 */
let t: TestApp;
let learner: TestUser;
let expert: TestUser;
let admin: TestUser;
let manager: TestUser;
let auditor: TestUser;
let otherLearner: TestUser;
const pushed: RealtimeMessage[] = [];

const ask = { themeId: 'soja', subThemeId: 'soja-ferrugem', phone: '(19) 99999-0000', title: 'Manchas nas folhas', question: 'Apareceram manchas marrons nas folhas da soja. É ferrugem?', lang: 'pt-BR' };
const after = (res: { headers: Record<string, unknown> }) => ({ 'x-min-position': String(res.headers['x-event-position']) });
const settled = () => t.app.get(ExpertNotices).settled();

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoUsers(t.infra.store, t.infra.clock);
  // the reference lists (themes and sub-themes) are read from identity's projection: let it catch up with the seed
  await t.infra.projections.waitFor('companies', await t.infra.store.headCheckpoint(), 30_000);
  learner = await signIn(t, 'learner@demo.agro', DEMO_PASSWORD);
  expert = await signIn(t, 'tc.admin@demo.agro', DEMO_PASSWORD);
  admin = await signIn(t, 'admin@demo.agro', DEMO_PASSWORD);
  manager = await signIn(t, 'company.manager@demo.agro', DEMO_PASSWORD);
  auditor = await signIn(t, 'auditor@demo.agro', DEMO_PASSWORD);
  otherLearner = await signIn(t, 'company.admin@demo.agro', DEMO_PASSWORD);
  t.infra.realtime.subscribe(learner.userId, (m) => pushed.push(m));
});
afterAll(async () => {
  await t.close();
});

describe('the themes a learner picks from', () => {
  it('are the active expert themes with their active sub-themes, in the reader language', async () => {
    const res = await t.request('GET', '/api/expert/themes?lang=es', { token: learner.token });
    expect(res.statusCode).toBe(200);
    const milho = res.json().find((o: { value: string }) => o.value === 'milho');
    expect(milho).toMatchObject({ label: 'Maíz', subThemes: expect.arrayContaining([{ value: 'milho-cigarrinha', label: 'Chicharrita del maíz' }]) });
    expect((await t.request('GET', '/api/expert/themes')).statusCode).toBe(401);
  });
});

describe('assigning experts (manage_all_companies)', () => {
  it('sets the themes a user answers for and lists the experts per theme', async () => {
    const put = await t.request('PUT', `/api/expert/experts/${expert.userId}`, { token: admin.token, body: { themeIds: ['soja', 'milho'] } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ userId: expert.userId, name: 'Elena Torres', email: 'tc.admin@demo.agro', themeIds: ['milho', 'soja'], assignedBy: admin.userId });
    const list = await t.request('GET', '/api/expert/experts?themeId=soja', { token: admin.token, headers: after(put) });
    expect(list.json().experts).toEqual([expect.objectContaining({ userId: expert.userId, name: 'Elena Torres', themeIds: ['milho', 'soja'] })]);
    expect((await t.request('GET', '/api/expert/experts?themeId=algodao', { token: admin.token })).json().experts).toEqual([]);
  });

  it('refuses a theme that is not an active expert theme and a user without an account', async () => {
    const bad = await t.request('PUT', `/api/expert/experts/${expert.userId}`, { token: admin.token, body: { themeIds: ['soja', 'trigo'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'expert-theme-invalid', details: [{ path: 'themeIds.1' }] });
    const nobody = await t.request('PUT', '/api/expert/experts/01900000-0000-7000-8000-00000000ffff', { token: admin.token, body: { themeIds: ['soja'] } });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe('user-not-found');
  });

  it('nobody else may read or change the experts', async () => {
    for (const who of [learner, expert, manager, otherLearner, auditor]) {
      expect((await t.request('GET', '/api/expert/experts', { token: who.token })).statusCode, who.email).toBe(403);
      expect((await t.request('PUT', `/api/expert/experts/${learner.userId}`, { token: who.token, body: { themeIds: ['soja'] } })).statusCode, who.email).toBe(403);
    }
    expect((await t.request('GET', '/api/expert/experts')).statusCode).toBe(401);
    expect((await t.request('PUT', `/api/expert/experts/${learner.userId}`, { body: { themeIds: ['soja'] } })).statusCode).toBe(401);
  });
});

describe('a question from ask to answer', () => {
  let questionId: string;

  it('a learner asks: the question is stored with the labels, the phone in E.164, company and country', async () => {
    const res = await t.request('POST', '/api/expert/questions', { token: learner.token, body: ask });
    expect(res.statusCode).toBe(201);
    questionId = res.json().questionId;
    const [stored] = await t.infra.store.readStream(expertQuestionStream(questionId));
    expect(stored).toMatchObject({
      type: 'ExpertQuestionAsked',
      data: { userId: learner.userId, themeId: 'soja', themeLabels: { en: 'Soybean' }, subThemeId: 'soja-ferrugem', subThemeLabels: { es: 'Roya asiática' }, phone: '+5519999990000', title: ask.title, country: 'BR', companyId: null },
    });
    const mine = await t.request('GET', '/api/expert/questions?lang=en', { token: learner.token, headers: after(res) });
    expect(mine.json()).toMatchObject({ unseenAnswers: 0, items: [{ questionId, status: 'open', theme: 'Soybean', subTheme: 'Asian soybean rust', response: null, unseen: false }] });
  });

  it('bad input answers 400 with the field and the catalogue code', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ themeId: 'trigo' }, 'expert-theme-invalid', 'themeId'],
      [{ subThemeId: 'milho-cigarrinha' }, 'expert-sub-theme-invalid', 'subThemeId'],
      [{ phone: '12345' }, 'expert-phone-invalid', 'phone'],
      [{ title: 'x'.repeat(121) }, 'app/bed-request', 'title'],
      [{ question: '' }, 'app/bed-request', 'question'],
    ];
    for (const [change, code, path] of cases) {
      const res = await t.request('POST', '/api/expert/questions', { token: learner.token, body: { ...ask, ...change } });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
  });

  it('the auditor and signed-out callers may not ask or list', async () => {
    expect((await t.request('POST', '/api/expert/questions', { token: auditor.token, body: ask })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/expert/questions', { token: auditor.token })).statusCode).toBe(403);
    expect((await t.request('POST', '/api/expert/questions', { body: ask })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/expert/questions')).statusCode).toBe(401);
  });

  it("another learner sees none of it and cannot withdraw it", async () => {
    expect((await t.request('GET', '/api/expert/questions', { token: otherLearner.token })).json().items).toEqual([]);
    expect((await t.request('POST', `/api/expert/questions/${questionId}/withdraw`, { token: otherLearner.token })).statusCode).toBe(404);
  });

  it('the queue: only experts, only their themes, unanswered first', async () => {
    const queue = await t.request('GET', '/api/expert/queue?lang=pt-BR', { token: expert.token });
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toMatchObject({ total: 1, items: [{ questionId, status: 'open', theme: 'Soja', subTheme: 'Ferrugem-asiática', phone: '+5519999990000' }] });
    expect((await t.request('GET', '/api/expert/me', { token: expert.token })).json()).toMatchObject({ themeIds: ['milho', 'soja'], openInQueue: 1 });
    for (const who of [learner, manager, admin]) {
      const res = await t.request('GET', '/api/expert/queue', { token: who.token });
      expect(res.statusCode, who.email).toBe(403);
      expect(res.json().code).toBe('expert-not-assigned');
    }
    expect((await t.request('GET', '/api/expert/queue?themeId=algodao', { token: expert.token })).json().code).toBe('expert-not-assigned');
    expect((await t.request('GET', '/api/expert/queue', { token: auditor.token })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/expert/queue')).statusCode).toBe(401);
  });

  it('only an expert of the theme may claim or answer', async () => {
    for (const who of [learner, manager, admin]) {
      const res = await t.request('POST', `/api/expert/queue/${questionId}/answer`, { token: who.token, body: { response: 'Eu acho que sim.' } });
      expect(res.statusCode, who.email).toBe(403);
      expect(res.json().code).toBe('expert-not-assigned');
      expect((await t.request('POST', `/api/expert/queue/${questionId}/claim`, { token: who.token })).statusCode).toBe(403);
    }
    expect((await t.request('POST', `/api/expert/queue/${questionId}/answer`, { token: auditor.token, body: { response: 'x' } })).statusCode).toBe(403);
    expect((await t.request('POST', `/api/expert/queue/${questionId}/answer`, { body: { response: 'x' } })).statusCode).toBe(401);
    expect((await t.request('POST', '/api/expert/queue/unknown-question/answer', { token: expert.token, body: { response: 'x' } })).statusCode).toBe(404);
    expect((await t.request('POST', `/api/expert/queue/${questionId}/answer`, { token: expert.token, body: { response: '   ' } })).statusCode).toBe(400);
  });

  it('the expert claims, then answers; the learner is told in the learner area and by mail', async () => {
    const claim = await t.request('POST', `/api/expert/queue/${questionId}/claim`, { token: expert.token });
    expect(claim.statusCode).toBe(204);
    const claimed = await t.request('GET', '/api/expert/queue', { token: expert.token, headers: after(claim) });
    expect(claimed.json().items[0]).toMatchObject({ claimedBy: expert.userId, claimedByName: 'Elena Torres' });

    const res = await t.request('POST', `/api/expert/queue/${questionId}/answer`, { token: expert.token, body: { response: 'Sim, é ferrugem-asiática. Aplique fungicida.' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ questionId, answeredByName: 'Elena Torres' });
    await settled();
    expect(pushed).toContainEqual({ type: 'expert.answered', data: expect.objectContaining({ questionId, title: ask.title }) });
    const mail = await lastMail(t, 'learner@demo.agro');
    expect(mail).toMatchObject({ category: 'expert-answer', locale: 'pt-BR', subject: `Sua pergunta foi respondida: ${ask.title}` });
    expect(mail.text).toContain('Sim, é ferrugem-asiática. Aplique fungicida.');
    expect(mail.text).toContain('Elena Torres');

    const mine = await t.request('GET', '/api/expert/questions', { token: learner.token, headers: after(res) });
    expect(mine.json()).toMatchObject({
      unseenAnswers: 1,
      items: [{ questionId, status: 'answered', response: 'Sim, é ferrugem-asiática. Aplique fungicida.', answeredBy: expert.userId, answeredByName: 'Elena Torres', unseen: true }],
    });
    expect((await t.request('GET', '/api/expert/me', { token: learner.token, headers: after(res) })).json()).toMatchObject({ themeIds: [], unseenAnswers: 1 });
    const queue = await t.request('GET', '/api/expert/queue?status=all', { token: expert.token, headers: after(res) });
    expect(queue.json().items[0]).toMatchObject({ questionId, status: 'answered', claimedBy: null });
    expect((await t.request('GET', '/api/expert/queue', { token: expert.token, headers: after(res) })).json().total).toBe(0);
  });

  it('answering twice is refused with a clear code; the answered question cannot be withdrawn', async () => {
    const again = await t.request('POST', `/api/expert/queue/${questionId}/answer`, { token: expert.token, body: { response: 'Outra resposta' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('expert-question-already-answered');
    const withdraw = await t.request('POST', `/api/expert/questions/${questionId}/withdraw`, { token: learner.token });
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().code).toBe('expert-question-already-answered');
  });

  it('opening the list marks the answer seen (the badge goes to zero)', async () => {
    const seen = await t.request('POST', '/api/expert/questions/seen', { token: learner.token });
    expect(seen.statusCode).toBe(204);
    const mine = await t.request('GET', '/api/expert/questions', { token: learner.token, headers: after(seen) });
    expect(mine.json()).toMatchObject({ unseenAnswers: 0, items: [{ questionId, unseen: false }] });
    expect((await t.request('POST', '/api/expert/questions/seen', { token: auditor.token })).statusCode).toBe(403);
    expect((await t.request('POST', '/api/expert/questions/seen')).statusCode).toBe(401);
  });

  it('a learner withdraws an unanswered question; experts cannot answer it any more', async () => {
    const asked = await t.request('POST', '/api/expert/questions', { token: learner.token, body: { ...ask, themeId: 'milho', subThemeId: 'milho-cigarrinha', phone: '+55 11 98765-4321' } });
    const id = asked.json().questionId;
    const withdraw = await t.request('POST', `/api/expert/questions/${id}/withdraw`, { token: learner.token });
    expect(withdraw.statusCode).toBe(204);
    const answer = await t.request('POST', `/api/expert/queue/${id}/answer`, { token: expert.token, body: { response: 'Tarde demais' } });
    expect(answer.json().code).toBe('expert-question-withdrawn');
    const mine = await t.request('GET', '/api/expert/questions', { token: learner.token, headers: after(withdraw) });
    expect(mine.json().items[0]).toMatchObject({ questionId: id, status: 'withdrawn', phone: '+5511987654321' });
  });

  it('an expert taken off a theme no longer answers its questions', async () => {
    const asked = await t.request('POST', '/api/expert/questions', { token: learner.token, body: ask });
    const off = await t.request('PUT', `/api/expert/experts/${expert.userId}`, { token: admin.token, body: { themeIds: ['milho'] } });
    expect(off.statusCode).toBe(200);
    const answer = await t.request('POST', `/api/expert/queue/${asked.json().questionId}/answer`, { token: expert.token, body: { response: 'Sim' } });
    expect(answer.json().code).toBe('expert-not-assigned');
    expect((await t.request('GET', '/api/expert/queue?themeId=soja', { token: expert.token, headers: after(off) })).statusCode).toBe(403);
  });
});
