// Field mode on the server (issue 30, ADR 0093): every learner write takes an Idempotency-Key
// (a replay gets the first answer, another request with the key is 422, keys are per caller) and
// an X-Client-Time held to its bounds, recorded as when the action happened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, useTwoInstances, type InjectResponse, type TestApp } from '@portal/testing/app';
import { accessTokenFor } from '@portal/testing/identity';
import { importContentPack } from '@portal/learning/application';
import { query } from '@portal/database';
import { registeredRoutes } from '@portal/platform';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const pack = await importContentPack(t.infra.store, t.infra.clock);
  if (pack.checkpoint) await t.infra.projections.waitFor('catalogue', pack.checkpoint, 30_000);
});
afterAll(async () => {
  await t.close();
});

interface Learner {
  userId: string;
  token: string;
}
const newLearner = async (app: TestApp = t): Promise<Learner> => {
  const userId = randomUUID();
  return { userId, token: await accessTokenFor(app, { sub: userId }) };
};

interface Write {
  method: 'POST';
  url: string;
  body?: Record<string, unknown>;
}
/** One learner write route: the request, another request for the 422, and what a learner needs first. */
interface Case {
  route: string;
  write: (l: Learner) => Promise<Write> | Write;
  other: (l: Learner) => Promise<Write> | Write;
}

const session = randomUUID();
const CASES: Case[] = [
  { route: 'POST /content/view/:contentId', write: () => ({ method: 'POST', url: '/api/content/view/milho-intro' }), other: () => ({ method: 'POST', url: '/api/content/view/soja-plantio-video' }) },
  {
    route: 'POST /content/media-state/:contentId/:mediaId',
    write: () => ({ method: 'POST', url: '/api/content/media-state/bv-video/player', body: { data: { volume: 0.5 } } }),
    other: () => ({ method: 'POST', url: '/api/content/media-state/bv-video/player', body: { data: { volume: 0.7 } } }),
  },
  {
    route: 'POST /user-store/station/:station',
    write: () => ({ method: 'POST', url: '/api/user-store/station/soja-plantio', body: { visit: true, feedbackScore: 4 } }),
    other: () => ({ method: 'POST', url: '/api/user-store/station/soja-plantio', body: { visit: true, feedbackScore: 5 } }),
  },
  {
    route: 'POST /user-store/station/:station/:video',
    write: () => ({ method: 'POST', url: '/api/user-store/station/soja-plantio/soja-plantio-video', body: { event: 'end', playSessionId: session, seconds: 10, duration: 10 } }),
    other: () => ({ method: 'POST', url: '/api/user-store/station/soja-plantio/soja-plantio-video', body: { event: 'bookmark', value: true } }),
  },
  {
    route: 'POST /user-store/scorm-content/:id',
    write: () => ({ method: 'POST', url: '/api/user-store/scorm-content/soja-plantio-solo', body: { cmi: { 'cmi.core.lesson_location': '2', 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90' } } }),
    other: () => ({ method: 'POST', url: '/api/user-store/scorm-content/soja-plantio-solo', body: { cmi: { 'cmi.core.lesson_location': '3', 'cmi.core.lesson_status': 'incomplete' } } }),
  },
  {
    route: 'POST /scorms/progress',
    write: () => ({ method: 'POST', url: '/api/scorms/progress', body: { scormId: 'biblioteca-rotulos-curso', status: 'completed', score: 80 } }),
    other: () => ({ method: 'POST', url: '/api/scorms/progress', body: { scormId: 'biblioteca-rotulos-curso', status: 'completed', score: 90 } }),
  },
  {
    route: 'POST /user-store/answer',
    write: () => ({ method: 'POST', url: '/api/user-store/answer', body: { questionId: 'soja-plantio-q1', answerId: 'soja-plantio-q1-a', secondsToAnswer: 12, entryId: 'soja-plantio-video' } }),
    other: () => ({ method: 'POST', url: '/api/user-store/answer', body: { questionId: 'soja-plantio-q1', answerId: 'soja-plantio-q1-b', secondsToAnswer: 12, entryId: 'soja-plantio-video' } }),
  },
  {
    route: 'POST /user-store/answer (NPS)',
    write: () => ({ method: 'POST', url: '/api/user-store/answer', body: { questionId: 'AV1', answerId: 'av1-9', secondsToAnswer: 4, context: 'nps' } }),
    other: () => ({ method: 'POST', url: '/api/user-store/answer', body: { questionId: 'AV1', answerId: 'av1-3', secondsToAnswer: 4, context: 'nps' } }),
  },
  {
    route: 'POST /survey/:country/:surveyPath',
    write: () => ({ method: 'POST', url: '/api/survey/BR/satisfacao', body: { questionId: 'br-satisfacao-recomendacao', answerId: 'br-satisfacao-recomendacao-8', secondsToAnswer: 2 } }),
    other: () => ({ method: 'POST', url: '/api/survey/BR/satisfacao', body: { questionId: 'br-satisfacao-recomendacao', answerId: 'br-satisfacao-recomendacao-2', secondsToAnswer: 2 } }),
  },
  {
    route: 'POST /adaptive/setVisited/:id',
    write: async (l) => ({ method: 'POST', url: `/api/adaptive/setVisited/${await recommendationOf(l)}` }),
    other: async (l) => ({ method: 'POST', url: `/api/adaptive/setVisited/${randomUUID()}` }),
  },
];

/** A wrong answer gives the learner a recommendation to visit. */
async function recommendationOf(l: Learner): Promise<string> {
  const wrong = await t.request('POST', '/api/user-store/answer', { token: l.token, body: { questionId: 'milho-hibridos-q1', answerId: 'milho-hibridos-q1-b', context: 'adaptive_learning', stationId: 'milho-hibridos' } });
  expect(wrong.statusCode).toBe(201);
  const list = await t.request('GET', '/api/adaptive/recommendations', { token: l.token, headers: { 'x-min-position': String(wrong.headers['x-event-position']) } });
  return list.json().recommendations.find((r: { questionId: string }) => r.questionId === 'milho-hibridos-q1').recommendationId;
}

const send = (w: Write, l: Learner, headers: Record<string, string> = {}, app: TestApp = t): Promise<InjectResponse> =>
  app.request(w.method, w.url, { token: l.token, headers, ...(w.body ? { body: w.body } : {}) });

/** Events the learner's requests appended, in the log (not a read model). */
const eventsOf = async (userId: string): Promise<number> =>
  Number((await query<{ n: string }>(t.infra.database.db, "select count(*) as n from es_events where metadata->>'actor' = $1", [userId]))[0]!.n);
const eventsOfRequest = (correlationId: string) =>
  query<{ type: string; data: unknown; metadata: { clientTime: string | null } }>(t.infra.database.db, "select type, data, metadata from es_events where metadata->>'correlationId' = $1 order by position", [correlationId]);

const answerOf = (res: InjectResponse) => ({ status: res.statusCode, body: res.body, position: res.headers['x-event-position'] });

describe('every learner write route is in field mode', () => {
  it('the table covers each idempotent route of the registry, and the learner writes are all idempotent', () => {
    const idempotent = registeredRoutes()
      .filter(({ route }) => route.idempotent)
      .map(({ route }) => `${route.method} ${route.path}`);
    const covered = new Set(CASES.map((c) => c.route.replace(/ \(.*\)$/, '')));
    // staff ticket batches (ADR 0060) are tested in the events context's own spec
    expect(idempotent.filter((r) => r !== 'POST /scheduledEvents/:id/tickets/scan').sort()).toEqual([...covered].sort());
  });
});

describe.each(CASES)('$route', ({ write, other }) => {
  it('answers a replay with the first answer (status, body, x-event-position) and lands once', async () => {
    const l = await newLearner();
    const w = await write(l);
    const key = randomUUID();
    const first = await send(w, l, { 'idempotency-key': key });
    expect(first.statusCode).toBeLessThan(300);
    expect(first.headers['x-event-position']).toMatch(/^\d+\.\d+$/);
    const landed = await eventsOf(l.userId);
    t.clock.advance(1_000);
    const replay = await send(w, l, { 'idempotency-key': key });
    expect(answerOf(replay)).toEqual(answerOf(first));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await eventsOf(l.userId)).toBe(landed);
  });

  it('answers 422 idempotency-key-reused for the key with another request, and does nothing', async () => {
    const l = await newLearner();
    const w = await write(l);
    const key = randomUUID();
    expect((await send(w, l, { 'idempotency-key': key })).statusCode).toBeLessThan(300);
    const landed = await eventsOf(l.userId);
    const reused = await send(await other(l), l, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency-key-reused', details: [{ path: 'idempotency-key', code: 'reused' }] });
    expect(await eventsOf(l.userId)).toBe(landed);
  });

  it('lands once when two tabs send the same item at the same moment; both get the one answer', async () => {
    // what one landing adds, measured on another learner sending it once
    const reference = await newLearner();
    const rw = await write(reference);
    const rBefore = await eventsOf(reference.userId);
    expect((await send(rw, reference, { 'idempotency-key': randomUUID() })).statusCode).toBeLessThan(300);
    const one = (await eventsOf(reference.userId)) - rBefore;
    expect(one).toBeGreaterThan(0);
    const l = await newLearner();
    const w = await write(l);
    const before = await eventsOf(l.userId);
    const key = randomUUID();
    const [a, b] = await Promise.all([send(w, l, { 'idempotency-key': key }), send(w, l, { 'idempotency-key': key })]);
    expect(a.statusCode).toBeLessThan(300);
    expect(answerOf(a)).toEqual(answerOf(b));
    expect((await eventsOf(l.userId)) - before).toBe(one);
  });

  it('scopes keys per caller: another learner with the same key and request gets their own answer', async () => {
    const [a, b] = [await newLearner(), await newLearner()];
    const key = randomUUID();
    const first = await send(await write(a), a, { 'idempotency-key': key });
    const bBefore = await eventsOf(b.userId);
    const second = await send(await write(b), b, { 'idempotency-key': key });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['x-event-position']).not.toBe(first.headers['x-event-position']);
    expect(await eventsOf(b.userId)).toBeGreaterThan(bBefore);
  });

  it('records X-Client-Time as when it happened, and refuses one in the future or too old (400 naming the header)', async () => {
    const l = await newLearner();
    const w = await write(l);
    const base = await eventsOf(l.userId);
    const now = t.clock.now().getTime();
    for (const [clientTime, code] of [
      [new Date(now + 3 * 60_000).toISOString(), 'too_big'],
      [new Date(now - 15 * 24 * 3_600_000).toISOString(), 'too_small'],
      ['yesterday', 'invalid_date'],
      ['2026-11-21T10:00:00', 'invalid_date'],
    ] as const) {
      const refused = await send(w, l, { 'idempotency-key': randomUUID(), 'x-client-time': clientTime });
      expect(refused.statusCode, clientTime).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'x-client-time', code }] });
    }
    expect(await eventsOf(l.userId)).toBe(base);
    // three hours ago, written in another zone: recorded as that instant
    const at = new Date(now - 3 * 3_600_000);
    const correlationId = randomUUID();
    const res = await send(w, l, { 'idempotency-key': randomUUID(), 'x-client-time': at.toISOString().replace('Z', '+00:00'), 'x-correlation-id': correlationId });
    expect(res.statusCode).toBeLessThan(300);
    const events = await eventsOfRequest(correlationId);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.metadata.clientTime).toBe(at.toISOString());
    // the domain's own time (viewedAt, completedAt, answeredAt...) is the client's
    expect(events.some((e) => JSON.stringify(e.data).includes(at.toISOString()))).toBe(true);
  });

  it('after a crash mid-request (the key claimed, its lease run out) a retry runs and lands once', async () => {
    const l = await newLearner();
    const w = await write(l);
    const key = randomUUID();
    const first = await send(w, l, { 'idempotency-key': key });
    const landed = await eventsOf(l.userId);
    // as if the process died after its events committed and before its answer was kept
    await query(t.infra.database.db, 'update idempotency_keys set status = null, body = null, event_position = null, owner = $3, lease_until = $4 where scope = $1 and key = $2', [
      l.userId,
      key,
      randomUUID(),
      new Date(t.clock.now().getTime() + 10_000),
    ]);
    t.clock.advance(11_000);
    const retry = await send(w, l, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(first.statusCode);
    expect(await eventsOf(l.userId)).toBe(landed);
    // and its answer is now the one kept
    expect(answerOf(await send(w, l, { 'idempotency-key': key }))).toEqual(answerOf(retry));
  });
});

describe('a refusal is an answer too', () => {
  it('replays a 404 (content withdrawn while offline) with its code; 5xx and write-conflicts are not kept', async () => {
    const l = await newLearner();
    const key = randomUUID();
    const gone = await send({ method: 'POST', url: '/api/content/view/no-such-entry' }, l, { 'idempotency-key': key });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: '404' });
    const again = await send({ method: 'POST', url: '/api/content/view/no-such-entry' }, l, { 'idempotency-key': key });
    expect(answerOf(again)).toEqual(answerOf(gone));
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('replays an item accepted near the offline age even once its client time is past it', async () => {
    const l = await newLearner();
    const key = randomUUID();
    const clientTime = new Date(t.clock.now().getTime() - 13 * 86_400_000).toISOString();
    const w: Write = { method: 'POST', url: '/api/content/view/milho-intro' };
    const first = await send(w, l, { 'idempotency-key': key, 'x-client-time': clientTime });
    expect(first.statusCode).toBe(200);
    t.clock.advance(2 * 86_400_000);
    const replay = await send(w, l, { 'idempotency-key': key, 'x-client-time': clientTime });
    expect(answerOf(replay)).toEqual(answerOf(first));
    // the same item with a new key is a new action, now too old
    expect((await send(w, l, { 'idempotency-key': randomUUID(), 'x-client-time': clientTime })).json()).toMatchObject({ details: [{ path: 'x-client-time', code: 'too_small' }] });
  });

  it('answers without a key as before, the client time still bounded', async () => {
    const l = await newLearner();
    const res = await send({ method: 'POST', url: '/api/content/view/milho-intro' }, l, { 'x-client-time': new Date(t.clock.now().getTime() + 3_600_000).toISOString() });
    expect(res.statusCode).toBe(400);
    expect((await send({ method: 'POST', url: '/api/content/view/milho-intro' }, l)).statusCode).toBe(200);
  });

  it('forgets answers after the retention (30 days): the sweep deletes them', async () => {
    const l = await newLearner();
    const key = randomUUID();
    await send({ method: 'POST', url: '/api/content/view/milho-intro' }, l, { 'idempotency-key': key });
    const count = async () => Number((await query<{ n: string }>(t.infra.database.db, 'select count(*) as n from idempotency_keys where scope = $1', [l.userId]))[0]!.n);
    expect(await count()).toBe(1);
    await t.infra.idempotency.sweep(new Date(t.clock.now().getTime() + 29 * 86_400_000));
    expect(await count()).toBe(1);
    expect(await t.infra.idempotency.sweep(new Date(t.clock.now().getTime() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(0);
  });
});

// Two API instances on one Postgres database (as two processes behind a balancer): the same
// item from two tabs reaching both at once lands once.
describe('two instances, one key', () => {
  const two = useTwoInstances();
  it('lands once and both answer the same', async () => {
    const pair = two.instances();
    if (!pair) return console.info('two-instance field-mode test not run: it needs a Postgres server (set TEST_DATABASE_URL)');
    const [a, b] = pair;
    const pack = await importContentPack(a.infra.store, a.infra.clock);
    for (const app of pair) if (pack.checkpoint) await app.infra.projections.waitFor('catalogue', pack.checkpoint, 30_000);
    const userId = randomUUID();
    const l = { userId, token: await accessTokenFor(a, { sub: userId }) };
    const count = async () => Number((await query<{ n: string }>(a.infra.database.db, "select count(*) as n from es_events where metadata->>'actor' = $1", [userId]))[0]!.n);
    for (let round = 0; round < 10; round++) {
      const key = randomUUID();
      const w: Write = { method: 'POST', url: '/api/content/view/milho-intro' };
      const before = await count();
      const [x, y] = await Promise.all([send(w, l, { 'idempotency-key': key }, a), send(w, l, { 'idempotency-key': key }, b)]);
      expect(x.statusCode).toBe(200);
      expect(answerOf(x)).toEqual(answerOf(y));
      expect(x.json().viewsCount).toBe(round + 1);
      expect((await count()) - before).toBe(1);
    }
  });
});

// 000 §4.2 and ADR 0093 decision 5: what two phones did offline is decided by the domain rules
// when each syncs, never by the last write.
describe('two phones of one learner, synced one after the other', () => {
  it('counts both play sessions, the entry completed once (its 30 points once, the first completion that landed), one bookmark, one answer without retry', async () => {
    const l = await newLearner();
    const now = t.clock.now().getTime();
    const phoneA = new Date(now - 2 * 3_600_000).toISOString();
    const phoneB = new Date(now - 3_600_000).toISOString();
    const entry = '/api/user-store/station/soja-plantio/soja-plantio-video';
    const sync = (clientTime: string, body: Record<string, unknown>, url = entry) => send({ method: 'POST', url, body }, l, { 'idempotency-key': randomUUID(), 'x-client-time': clientTime });
    // phone B comes back first
    const endB = await sync(phoneB, { event: 'end', playSessionId: randomUUID(), seconds: 10, duration: 10 });
    expect(endB.json()).toMatchObject({ completed: true, entry: { completedCount: 1, completedAt: phoneB } });
    expect((await sync(phoneB, { event: 'bookmark', value: true })).json().entry.bookmarkAt).toBe(phoneB);
    const answer = { questionId: 'soja-manejo-q1', answerId: 'soja-manejo-q1-a', secondsToAnswer: 3, context: 'station' };
    const answerB = await sync(phoneB, answer, '/api/user-store/answer');
    expect(answerB.statusCode).toBe(201);
    expect(answerB.json().answer).toMatchObject({ answerId: 'soja-manejo-q1-a' });
    // then phone A, whose actions happened earlier
    const endA = await sync(phoneA, { event: 'end', playSessionId: randomUUID(), seconds: 10, duration: 10 });
    expect(endA.json()).toMatchObject({ completed: true, entry: { completedCount: 2, playCount: 2, completedAt: phoneB } });
    expect((await sync(phoneA, { event: 'bookmark', value: true })).json().entry.bookmarkAt).toBe(phoneB);
    const answerA = await sync(phoneA, { ...answer, answerId: 'soja-manejo-q1-b' }, '/api/user-store/answer');
    expect(answerA.statusCode).toBe(409);
    expect(answerA.json().code).toBe('answer-already-recorded');
    const types = (await query<{ type: string }>(t.infra.database.db, "select type from es_events where metadata->>'actor' = $1 order by position", [l.userId])).map((r) => r.type);
    expect(types.filter((x) => x === 'MediaCompleted')).toHaveLength(2);
    expect(types.filter((x) => x === 'BookmarkAdded')).toHaveLength(1);
    expect(types.filter((x) => x === 'AnswerSubmitted')).toHaveLength(1);
    // 000 §9: an entry's 30 points are its first completion's; the second phone's adds none
    const position = endA.headers['x-event-position'];
    expect(typeof position).toBe('string');
    const scores = await t.request('GET', '/api/scores', { token: l.token, headers: { 'x-min-position': String(position) } });
    expect(scores.statusCode).toBe(200);
    expect(scores.json().total).toMatchObject({ completedEntries: 1, videosScore: 30, answers: 1 });
    const station = await t.request('GET', '/api/stations/soja-plantio', { token: l.token, headers: { 'x-min-position': String(position) } });
    const video = (station.json() as { entries: { entryId: string; state?: { completedCount?: number; completedAt?: string | null } }[] }).entries.find((e) => e.entryId === 'soja-plantio-video');
    expect(video?.state).toMatchObject({ completedCount: 2, completedAt: phoneB });
  });
});
