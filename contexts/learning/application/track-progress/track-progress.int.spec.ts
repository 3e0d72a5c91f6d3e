import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser, type TestUser } from '@portal/testing/identity';
import { roundTrips } from '@portal/testing/round-trips';
import { progressStream } from '../../contracts/index.js';
import { after, seedLearning, tokenFor } from '../../testing/test-kit.js';

let t: TestApp;
let learner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  learner = await seedLearning(t);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, body: unknown, token?: string, headers: Record<string, string> = {}) => t.request('POST', url, { body: body as never, ...(token ? { token } : {}), headers });
const tick = (station: string, video: string, body: Record<string, unknown>, token = learner.token) => post(`/api/user-store/station/${station}/${video}`, body, token);
const station = async (id: string, token = learner.token, headers: Record<string, string> = {}) => (await t.request('GET', `/api/stations/${id}`, { token, headers })).json();

describe('POST /api/user-store/station/:station/:video (play, progress, end)', () => {
  it('counts one play per session, records progress and completes at the end (000 §4.2)', async () => {
    const session = randomUUID();
    const play = await tick('soja-plantio', 'soja-plantio-video', { event: 'play', playSessionId: session, seconds: 0, duration: 10 });
    expect(play.statusCode).toBe(200);
    expect(play.json().entry).toMatchObject({ playCount: 1, completedCount: 0, seconds: 0 });
    t.clock.advance(6_000);
    const progress = await tick('soja-plantio', 'soja-plantio-video', { event: 'progress', playSessionId: session, seconds: 6, duration: 10 });
    expect(progress.json().entry).toMatchObject({ playCount: 1, seconds: 6, percent: 0.6 });
    expect(progress.headers['x-event-position']).toMatch(/^\d+\.\d+$/);
    t.clock.advance(4_000);
    const end = await tick('soja-plantio', 'soja-plantio-video', { event: 'end', playSessionId: session, seconds: 10, duration: 10 });
    expect(end.json()).toMatchObject({ completed: true, entry: { playCount: 1, completedCount: 1, percent: 1, seconds: 10, completedAt: t.clock.now().toISOString() } });
    // the same session ending again completes nothing more
    const again = await tick('soja-plantio', 'soja-plantio-video', { event: 'end', playSessionId: session, seconds: 10, duration: 10 });
    expect(again.json()).toMatchObject({ completed: false, entry: { completedCount: 1 } });
    expect(again.headers['x-event-position']).toBeUndefined();
    const page = await station('soja-plantio', learner.token, after(end));
    const video = page.entries.find((e: { entryId: string }) => e.entryId === 'soja-plantio-video');
    expect(video).toMatchObject({ contentStatus: 'completed', statusColor: 'green', progress: 100, state: { completedCount: 1, playCount: 1 } });
  });

  it('completes at 99 % and a replay in a new session counts another play and completion, completedAt kept', async () => {
    const first = randomUUID();
    const done = await tick('milho-nutricao', 'milho-nutricao-video', { event: 'progress', playSessionId: first, seconds: 9.95, duration: 10 });
    expect(done.json()).toMatchObject({ completed: true, entry: { percent: 1, seconds: 10, completedCount: 1, playCount: 1 } });
    const completedAt = done.json().entry.completedAt;
    t.clock.advance(60_000);
    const replay = await tick('milho-nutricao', 'milho-nutricao-video', { event: 'end', playSessionId: randomUUID(), seconds: 10, duration: 10 });
    expect(replay.json().entry).toMatchObject({ playCount: 2, completedCount: 2, completedAt });
  });

  it('refuses progress beyond the duration and a duration that does not match the media', async () => {
    const s = randomUUID();
    const beyond = await tick('milho-safrinha', 'milho-safrinha-video', { event: 'progress', playSessionId: s, seconds: 30, duration: 10 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().details).toEqual([expect.objectContaining({ path: 'seconds' })]);
    const wrong = await tick('milho-safrinha', 'milho-safrinha-video', { event: 'progress', playSessionId: s, seconds: 5, duration: 3600 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([expect.objectContaining({ path: 'duration' })]);
  });

  it('refuses to play or complete a locked entry until its prerequisite is complete', async () => {
    const s = randomUUID();
    const locked = await tick('soja-manejo', 'soja-manejo-ficha', { event: 'end', playSessionId: s, seconds: 0, duration: 0 });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: '403', params: { lockMessage: 'lockState.incompleteContentMessage' } });
    const view = await post('/api/content/view/soja-manejo-ficha', undefined, learner.token);
    expect(view.statusCode).toBe(403);
    await tick('soja-manejo', 'soja-manejo-video', { event: 'end', playSessionId: randomUUID(), seconds: 10, duration: 10 });
    const open = await tick('soja-manejo', 'soja-manejo-ficha', { event: 'end', playSessionId: s, seconds: 0, duration: 0 });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ completed: true, entry: { completedCount: 1, percent: 1 } });
  });

  it('keeps a station locked by its unlock handler, then sets videosCompletedAt and unlocks what waited for it', async () => {
    const blocked = await tick('soja-colheita', 'soja-colheita-video', { event: 'end', playSessionId: randomUUID(), seconds: 10, duration: 10 });
    // soja-manejo's non-optional content (video and ficha) was completed in the previous test
    expect(blocked.statusCode).toBe(200);
    const res = blocked.json();
    expect(res.station.videosCompletedAt).toBe(t.clock.now().toISOString());
    const crop = await station('soja', learner.token, after(blocked));
    expect(crop.children.find((c: { stationId: string }) => c.stationId === 'soja-colheita').lock.locked).toBe(false);
  });

  it('locks a crop by its unlock handler (algodão waits for soja-plantio)', async () => {
    const fresh = await tokenFor(t, { sub: randomUUID() });
    const refused = await tick('algodao-solo', 'algodao-solo-video', { event: 'play', playSessionId: randomUUID(), seconds: 0, duration: 10 }, fresh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().params).toMatchObject({ lockMessage: 'lockState.incompleteContentMessage' });
  });

  it('coalesces progress ticks that add nothing', async () => {
    const s = randomUUID();
    await tick('milho-safrinha', 'milho-safrinha-video', { event: 'play', playSessionId: s, seconds: 0, duration: 10 });
    t.clock.advance(1_000);
    const close = await tick('milho-safrinha', 'milho-safrinha-video', { event: 'progress', playSessionId: s, seconds: 1, duration: 10 });
    expect(close.headers['x-event-position']).toBeUndefined();
    t.clock.advance(5_000);
    const later = await tick('milho-safrinha', 'milho-safrinha-video', { event: 'progress', playSessionId: s, seconds: 6, duration: 10 });
    expect(later.headers['x-event-position']).toBeDefined();
    expect(later.json().entry.seconds).toBe(6);
  });

  it('adds and removes bookmarks and records feedback', async () => {
    const add = await tick('gestao-custos', 'gestao-custos-video', { event: 'bookmark', value: true });
    expect(add.json().entry.bookmarkAt).toBe(t.clock.now().toISOString());
    const remove = await tick('gestao-custos', 'gestao-custos-video', { event: 'bookmark', value: false });
    expect(remove.json().entry.bookmarkAt).toBeNull();
    const feedback = await tick('gestao-custos', 'gestao-custos-video', { event: 'feedback', score: 4 });
    expect(feedback.json().entry.feedbackScore).toBe(4);
    expect((await tick('gestao-custos', 'gestao-custos-video', { event: 'feedback', score: 9 })).statusCode).toBe(400);
  });

  it('answers 400 for bad input, 404 for an entry of another station, and needs a Completed user', async () => {
    expect((await tick('soja-plantio', 'soja-plantio-video', { event: 'jump' })).statusCode).toBe(400);
    expect((await tick('soja-plantio', 'soja-plantio-video', { event: 'play', playSessionId: 'x', seconds: 0, duration: 10 })).statusCode).toBe(400);
    expect((await tick('soja-plantio', 'soja-plantio-video', { event: 'progress', playSessionId: randomUUID(), seconds: -1, duration: 10 })).statusCode).toBe(400);
    expect((await tick('soja-plantio', 'milho-nutricao-video', { event: 'bookmark', value: true })).statusCode).toBe(404);
    expect((await tick('soja-plantio', 'nothing', { event: 'bookmark', value: true })).statusCode).toBe(404);
    expect((await tick('soja-plantio', 'soja-plantio-solo', { event: 'play', playSessionId: randomUUID(), seconds: 0, duration: 0 })).statusCode).toBe(400);
    expect((await post('/api/user-store/station/soja-plantio/soja-plantio-video', { event: 'bookmark', value: true })).statusCode).toBe(401);
    expect((await post('/api/user-store/station/soja-plantio/soja-plantio-video', { event: 'bookmark', value: true }, undefined, { 'x-guest-id': randomUUID() })).statusCode).toBe(401);
    const fresh = await registerUser(t, `fresh.${Date.now()}@example.com`);
    expect((await tick('soja-plantio', 'soja-plantio-video', { event: 'bookmark', value: true }, fresh.token)).statusCode).toBe(403);
    const noMilho = await tokenFor(t, { sub: randomUUID(), aclTags: ['dist:soja_monsoy'] });
    expect((await tick('milho-nutricao', 'milho-nutricao-video', { event: 'bookmark', value: true }, noMilho)).statusCode).toBe(403);
  });
});

describe('POST /api/user-store/station/:station (visit, feedback)', () => {
  it('counts visits, keeps the first and sets the last; records the station feedback', async () => {
    const first = await post('/api/user-store/station/milho', { visit: true, viewType: 'map' }, learner.token);
    expect(first.statusCode).toBe(200);
    const firstAt = first.json().firstVisitAt;
    t.clock.advance(60_000);
    const second = await post('/api/user-store/station/milho', { visit: true, feedbackScore: 5 }, learner.token);
    expect(second.json()).toMatchObject({ visitsCount: 2, firstVisitAt: firstAt, lastVisitAt: t.clock.now().toISOString(), viewType: 'detail', feedbackScore: 5 });
  });

  it('answers 400 without visit or feedback, 404 for unknown stations, 401 for guests', async () => {
    expect((await post('/api/user-store/station/milho', {}, learner.token)).statusCode).toBe(400);
    expect((await post('/api/user-store/station/milho', { feedbackScore: 0 }, learner.token)).statusCode).toBe(400);
    expect((await post('/api/user-store/station/nowhere', { visit: true }, learner.token)).statusCode).toBe(404);
    expect((await post('/api/user-store/station/boas-vindas', { visit: true }, undefined, { 'x-guest-id': randomUUID() })).statusCode).toBe(401);
  });
});

describe('POST /api/content/view/:contentId and /api/content/media-state/:contentId/:mediaId', () => {
  it('counts views with first and last view times, for users and guests on guest stations', async () => {
    const one = await post('/api/content/view/bv-video', undefined, learner.token);
    expect(one.statusCode).toBe(200);
    t.clock.advance(1_000);
    const two = await post('/api/content/view/bv-video', undefined, learner.token);
    expect(two.json()).toMatchObject({ viewsCount: 2, firstViewAt: one.json().firstViewAt, lastViewAt: t.clock.now().toISOString() });
    const guestId = randomUUID();
    const guest = await post('/api/content/view/bv-video', undefined, undefined, { 'x-guest-id': guestId });
    expect(guest.statusCode).toBe(200);
    const events = await t.infra.store.readStream(`learning.progress-guest:${guestId}-boas-vindas`);
    expect(events.map((e) => e.type)).toEqual(['ContentViewed']);
    expect(events[0]!.metadata.actor).toBe(`guest:${guestId}`);
    expect((await post('/api/content/view/soja-plantio-video', undefined, undefined, { 'x-guest-id': guestId })).statusCode).toBe(403);
    expect((await post('/api/content/view/bv-video', undefined)).statusCode).toBe(401);
    expect((await post('/api/content/view/nothing-here', undefined, learner.token)).statusCode).toBe(404);
    const fresh = await registerUser(t, `view.${Date.now()}@example.com`);
    expect((await post('/api/content/view/bv-video', undefined, fresh.token)).statusCode).toBe(403);
    expect((await post('/api/content/media-state/bv-video/player', { data: {} }, fresh.token)).statusCode).toBe(403);
  });

  it('saves a media state that comes back with the entry state', async () => {
    const res = await post('/api/content/media-state/bv-video/player', { data: { volume: 0.5, captions: 'pt-BR' } }, learner.token);
    expect(res.statusCode).toBe(200);
    const page = await station('boas-vindas', learner.token, after(res));
    expect(page.entries[0].state.mediaState.player).toEqual({ volume: 0.5, captions: 'pt-BR' });
    expect((await post('/api/content/media-state/bv-video/player', { data: 'x' }, learner.token)).statusCode).toBe(400);
    expect((await post('/api/content/media-state/bv-video/player', { data: { big: 'x'.repeat(5000) } }, learner.token)).statusCode).toBe(400);
  });
});

describe('POST /api/user-store/beacon (sendBeacon on page hide)', () => {
  it('takes the token from a text/plain body and records the hide tick', async () => {
    const s = randomUUID();
    await tick('milho-hibridos', 'milho-hibridos-video', { event: 'play', playSessionId: s, seconds: 0, duration: 10 });
    t.clock.advance(4_000);
    const body = JSON.stringify({ accessToken: learner.token, station: 'milho-hibridos', video: 'milho-hibridos-video', event: 'hide', playSessionId: s, seconds: 4, duration: 10 });
    const res = await post('/api/user-store/beacon', body, undefined, { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(204);
    const events = await t.infra.store.readStream(`learning.progress-${learner.userId}-milho-hibridos`);
    expect(events.at(-1)).toMatchObject({ type: 'MediaProgressed', data: { cause: 'hide', seconds: 4 } });
  });

  it('refuses a bad token, bad JSON and bad fields', async () => {
    const base = { station: 'milho-hibridos', video: 'milho-hibridos-video', event: 'hide', playSessionId: randomUUID(), seconds: 1, duration: 10 };
    expect((await post('/api/user-store/beacon', JSON.stringify({ ...base, accessToken: 'not-a-valid-token' }), undefined, { 'content-type': 'text/plain' })).statusCode).toBe(401);
    expect((await post('/api/user-store/beacon', '{oops', undefined, { 'content-type': 'text/plain' })).statusCode).toBe(400);
    expect((await post('/api/user-store/beacon', { ...base, accessToken: learner.token, seconds: 'x' })).statusCode).toBe(400);
    const fresh = await registerUser(t, `beacon.${Date.now()}@example.com`);
    expect((await post('/api/user-store/beacon', { ...base, accessToken: fresh.token })).statusCode).toBe(403);
  });
});

/**
 * What the learning benchmark's completions ask of the database, counted rather than timed: the
 * learner's station stream and the catalogue are in memory, so a tick or a completion of a
 * playing learner is one append (issue 11: completions p99 above the figure before the
 * conventions migration).
 */
describe('a completion of a playing learner is one append', () => {
  it('reads the station stream at the play only, and reloads no catalogue by age while this process runs its projection', async () => {
    const userId = randomUUID();
    const token = await tokenFor(t, { sub: userId });
    const session = randomUUID();
    const report = (event: string, seconds: number) => tick('boas-vindas', 'bv-video', { event, playSessionId: session, seconds, duration: 10 }, token);
    const stream = progressStream(userId, 'boas-vindas');

    const play = await roundTrips(t, () => report('play', 0));
    expect(play.value.statusCode, play.value.body).toBe(200);
    expect(play.store).toEqual([`readStream ${stream}`, `append ${stream}`]);
    t.clock.advance(5_000);
    const progress = await roundTrips(t, () => report('progress', 5));
    expect(progress.store).toEqual([`append ${stream}`]);

    // past the age after which a process that does not run the catalogue projection reloads it
    const now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now + 11_000);
    t.clock.advance(5_000);
    const end = await roundTrips(t, () => report('end', 10)).finally(() => vi.restoreAllMocks());
    expect(end.value.json()).toMatchObject({ completed: true });
    expect(end.store).toEqual([`append ${stream}`]);
    expect(end.statements).toBe(progress.statements);
  });
});

// Issue 26 item 15: 30 content views of one entry by one learner, released together, were
// answered 24 times `409 {"code":"503"}` and recorded 6 times. One learner's writes (two tabs, a
// page-hide beacon) go to one stream per learner and station: they must all land.
const BURST = 50;

/** BURST requests released together; every answer's status and code. */
const burst = async (send: (i: number) => ReturnType<typeof t.request>) => {
  const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => send(i)));
  return answers.map((a) => `${a.statusCode}${a.statusCode === 200 ? '' : ` ${a.json().code}`}`);
};
const events = async (stationId: string, type: string) => (await t.infra.store.readStream(progressStream(learner.userId, stationId))).filter((e) => e.type === type).length;
const all200 = Array.from({ length: BURST }, () => '200');

describe(`${BURST} concurrent writes of one learner to one stream`, () => {
  it('records every content view', async () => {
    const before = (await post('/api/content/view/bv-video', undefined, learner.token)).json().viewsCount;
    expect(await burst(() => post('/api/content/view/bv-video', undefined, learner.token))).toEqual(all200);
    expect((await post('/api/content/view/bv-video', undefined, learner.token)).json().viewsCount).toBe(before + BURST + 1);
  });

  it('records every play (progress ticks of 50 play sessions)', async () => {
    const before = await events('milho-hibridos', 'MediaStarted');
    expect(await burst(() => post('/api/user-store/station/milho-hibridos/milho-hibridos-video', { event: 'play', playSessionId: randomUUID(), seconds: 0, duration: 10 }, learner.token))).toEqual(all200);
    expect(await events('milho-hibridos', 'MediaStarted')).toBe(before + BURST);
  });

  it('records every station visit', async () => {
    const before = await events('milho', 'StationVisited');
    expect(await burst(() => post('/api/user-store/station/milho', { visit: true }, learner.token))).toEqual(all200);
    expect(await events('milho', 'StationVisited')).toBe(before + BURST);
  });

  it('records every bookmark change', async () => {
    expect(await burst((i) => post('/api/user-store/station/soja-plantio/soja-plantio-video', { event: 'bookmark', value: i % 2 === 0 }, learner.token))).toEqual(all200);
    const changes = await t.infra.store.readStream(progressStream(learner.userId, 'soja-plantio'));
    // every answer came from a decision on the stream as stored: no two adjacent events say the same
    const flags = changes.filter((e) => e.type.startsWith('Bookmark')).map((e) => e.type);
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.every((f, i) => i === 0 || f !== flags[i - 1])).toBe(true);
  });

  it('records every media state', async () => {
    const before = await events('boas-vindas', 'MediaStateSaved');
    expect(await burst((i) => post('/api/content/media-state/bv-video/player', { data: { step: i } }, learner.token))).toEqual(all200);
    expect(await events('boas-vindas', 'MediaStateSaved')).toBe(before + BURST);
  });
});

// Issue 26 item 14: after a lost connection the client cannot know whether its write committed;
// it retries with the same Idempotency-Key, and a write that had committed is not stored twice.
describe('a write retried with its Idempotency-Key', () => {
  const view = (key: string, token = learner.token) => t.request('POST', '/api/content/view/milho-intro', { token, headers: { 'idempotency-key': key } });
  it('lands once, and answers the state as stored', async () => {
    const key = randomUUID();
    const first = await view(key);
    expect(first.statusCode).toBe(200);
    const retry = await view(key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().viewsCount).toBe(first.json().viewsCount);
    expect(await events('milho', 'ContentViewed')).toBe(first.json().viewsCount);
    // another key is another write
    expect((await view(randomUUID())).json().viewsCount).toBe(first.json().viewsCount + 1);
  });

  it('answers 400 naming the header for a key that is not 1 to 128 of [A-Za-z0-9._:-]', async () => {
    for (const key of ['a b', 'x'.repeat(129), 'ü']) {
      const res = await view(key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'idempotency-key', code: 'invalid_format' }] });
    }
  });
});
