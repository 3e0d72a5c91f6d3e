import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser } from '@portal/testing/identity';
import { after, seedLearning, tokenFor } from '../../testing/test-kit.js';

let t: TestApp;
let token: string;
let position: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  await seedLearning(t);
  // a learner of our own, so the playlists hold exactly what this file does
  token = await tokenFor(t, { sub: randomUUID() });
});
afterAll(async () => {
  await t.close();
});

const write = async (station: string, video: string, body: Record<string, unknown>) => {
  const res = await t.request('POST', `/api/user-store/station/${station}/${video}`, { token, body });
  expect(res.statusCode).toBe(200);
  position = after(res);
  return res;
};
const feed = async (path: string, as = token) => {
  const res = await t.request('GET', `/api/${path}`, { token: as, headers: position });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const ids = (page: { items: { entryId: string }[] }) => page.items.map((i) => i.entryId);

describe('feeds (000 §4.12)', () => {
  it('starts with every allowed entry new, recent by media update time, podcasts reversed', async () => {
    const fresh = await feed('feed/new?limit=500');
    expect(fresh.total).toBeGreaterThan(20);
    expect(fresh.items[0]).toMatchObject({ contentStatus: expect.any(String), tags: expect.arrayContaining(['new']), hasState: false });
    // the default area: journey-only stations are not in it
    expect(ids(fresh)).not.toContain('gestao-custos-video');
    expect(ids(fresh)).toContain('ctb-cast-01');
    const podcasts = await feed('feed/podcasts?limit=100');
    expect(podcasts.items.every((i: { contentType: string }) => ['podcast', 'audio', 'video'].includes(i.contentType))).toBe(true);
    expect(ids(podcasts).slice(0, 3)).toEqual(['ctb-cast-03', 'ctb-cast-02', 'ctb-cast-01']);
    const journey = await feed('feed/recent?area=journey&limit=500');
    expect(ids(journey)).toContain('gestao-custos-video');
    expect(ids(journey)).not.toContain('soja-plantio-video');
  });

  it('puts a video played to the end in history (grouped by calendar) and out of new and continue', async () => {
    t.clock.set('2026-11-21T23:30:00.000Z');
    const session = randomUUID();
    await write('soja-plantio', 'soja-plantio-video', { event: 'play', playSessionId: session, seconds: 0, duration: 10 });
    t.clock.advance(10_000);
    await write('soja-plantio', 'soja-plantio-video', { event: 'end', playSessionId: session, seconds: 10, duration: 10 });
    const history = await feed('feed/history?tz=America/Sao_Paulo');
    expect(ids(history)).toEqual(['soja-plantio-video']);
    expect(history.items[0]).toMatchObject({ contentStatus: 'completed', statusColor: 'green', progress: 100, completedCount: 1, stationId: 'soja', detailId: 'soja-plantio', calendar: '2026-11-21' });
    expect(history.groups).toEqual([{ calendar: '2026-11-21', items: [expect.objectContaining({ entryId: 'soja-plantio-video' })] }]);
    // the same instant is already the next day in UTC+9
    expect((await feed('feed/history?tz=Asia/Tokyo')).groups[0].calendar).toBe('2026-11-22');
    expect(ids(await feed('feed/new?limit=500'))).not.toContain('soja-plantio-video');
    expect(ids(await feed('feed/continue'))).not.toContain('soja-plantio-video');
  });

  it('continues what is between 1 % and 100 %, by last visit, 8 at a time', async () => {
    const started = ['milho-hibridos-video', 'milho-nutricao-video', 'milho-safrinha-video', 'soja-manejo-video', 'soja-colheita-video', 'bv-video', 'milho-intro', 'soja-intro', 'algodao-intro'];
    const stationOf: Record<string, string> = {
      'milho-hibridos-video': 'milho-hibridos',
      'milho-nutricao-video': 'milho-nutricao',
      'milho-safrinha-video': 'milho-safrinha',
      'soja-manejo-video': 'soja-manejo',
      'soja-colheita-video': 'soja-colheita',
      'bv-video': 'boas-vindas',
      'milho-intro': 'milho',
      'soja-intro': 'soja',
      'algodao-intro': 'algodao',
    };
    for (const entry of started) {
      t.clock.advance(1_000);
      const res = await t.request('POST', `/api/user-store/station/${stationOf[entry]}/${entry}`, { token, body: { event: 'progress', playSessionId: randomUUID(), seconds: 5, duration: 10 } });
      // soja-colheita and algodão are locked for a learner who has not finished what they wait for
      if (res.statusCode === 200) position = after(res);
      else expect(res.statusCode).toBe(403);
    }
    t.clock.advance(1_000);
    const visit = await t.request('POST', '/api/user-store/station/milho-nutricao', { token, body: { visit: true } });
    position = after(visit);
    const page = await feed('feed/continue');
    expect(page.items).toHaveLength(7);
    expect(page.items[0].entryId).toBe('milho-nutricao-video');
    // 000 §4.1 "started: any percent, seconds or views": 5 s of a 10 s video is started (issue 26 item 16)
    expect(page.items[0]).toMatchObject({ progress: 50, contentStatus: 'started', statusColor: 'orange', lastVisitAt: t.clock.now().toISOString() });
    expect(page.items.every((i: { contentStatus: string }) => i.contentStatus === 'started')).toBe(true);
    expect(page.nextOffset).toBeNull();
    // a view keeps it started
    const view = await t.request('POST', '/api/content/view/milho-hibridos-video', { token });
    position = after(view);
    const again = await feed('feed/continue');
    expect(again.items.find((i: { entryId: string }) => i.entryId === 'milho-hibridos-video')).toMatchObject({ contentStatus: 'started', statusColor: 'orange', seconds: 5 });
    expect(again.items.find((i: { entryId: string }) => i.entryId === 'milho-safrinha-video')).toMatchObject({ contentStatus: 'started', statusColor: 'orange' });
  });

  it('pages continue by 8', async () => {
    for (const [station, entry] of [
      ['milho-hibridos', 'milho-hibridos-video'],
      ['gestao-custos', 'gestao-custos-video'],
      ['herramientas_comerciales', 'herramientas-video'],
    ] as const) {
      const res = await t.request('POST', `/api/user-store/station/${station}/${entry}`, { token, body: { event: 'progress', playSessionId: randomUUID(), seconds: 5, duration: 10 } });
      position = after(res);
    }
    const journey = await feed('feed/continue?area=journey');
    expect(ids(journey).sort()).toEqual(['gestao-custos-video', 'herramientas-video']);
    const all = await feed('feed/continue?area=default');
    expect(all.items.length).toBeLessThanOrEqual(8);
  });

  it('lists bookmarks newest first and feedbacks by score then time (8)', async () => {
    await write('milho-hibridos', 'milho-hibridos-video', { event: 'bookmark', value: true });
    t.clock.advance(1_000);
    await write('soja-plantio', 'soja-plantio-video', { event: 'bookmark', value: true });
    expect(ids(await feed('feed/bookmarks'))).toEqual(['soja-plantio-video', 'milho-hibridos-video']);
    await write('milho-hibridos', 'milho-hibridos-video', { event: 'bookmark', value: false });
    expect(ids(await feed('feed/bookmarks'))).toEqual(['soja-plantio-video']);
    await write('milho-hibridos', 'milho-hibridos-video', { event: 'feedback', score: 3 });
    t.clock.advance(1_000);
    await write('milho-nutricao', 'milho-nutricao-video', { event: 'feedback', score: 5 });
    t.clock.advance(1_000);
    await write('soja-plantio', 'soja-plantio-video', { event: 'feedback', score: 3 });
    const feedbacks = await feed('feed/feedbacks');
    expect(ids(feedbacks)).toEqual(['milho-nutricao-video', 'soja-plantio-video', 'milho-hibridos-video']);
    expect(feedbacks.items[0].feedbackScore).toBe(5);
  });

  it('marks locked items disabled with their message (disabled wins)', async () => {
    const recent = await feed('feed/recent?limit=500');
    const ficha = recent.items.find((i: { entryId: string }) => i.entryId === 'soja-manejo-ficha');
    expect(ficha).toMatchObject({ disabled: true, contentStatus: 'disabled', statusColor: 'gray', disabledMessage: 'lockState.incompleteContentMessage' });
  });

  it('gives /home the first page of every playlist and counts', async () => {
    const home = await feed('home?tz=America/Sao_Paulo');
    expect(Object.keys(home).sort()).toEqual(['bookmarks', 'continue', 'counts', 'feedbacks', 'history', 'new', 'podcasts', 'recent']);
    expect(ids(home.bookmarks)).toEqual(['soja-plantio-video']);
    expect(home.history.items.length).toBeGreaterThan(0);
    expect(home.new.items.length).toBeLessThanOrEqual(8);
    expect(home.counts).toMatchObject({ completed: 1, bookmarks: 1 });
    // every entry continue lists is started (issue 26 item 16: a short video at 50 % was left out)
    expect(home.counts.started).toBeGreaterThanOrEqual(home.continue.items.length);
  });

  it('shows the next write on /home at once although repeated reads come from memory, and keeps learners apart', async () => {
    const other = await tokenFor(t, { sub: randomUUID() });
    await feed('home');
    expect(ids((await feed('home')).bookmarks)).toEqual(['soja-plantio-video']);
    await write('milho-hibridos', 'milho-hibridos-video', { event: 'bookmark', value: true });
    expect(ids((await feed('home')).bookmarks)).toEqual(['milho-hibridos-video', 'soja-plantio-video']);
    // another learner's reads and writes leave this one's rows alone
    expect((await feed('home', other)).counts.bookmarks).toBe(0);
    const theirs = await t.request('POST', '/api/user-store/station/soja-plantio/soja-plantio-video', { token: other, body: { event: 'bookmark', value: true } });
    expect((await t.request('GET', '/api/home', { token: other, headers: after(theirs) })).json().counts.bookmarks).toBe(1);
    expect((await feed('home')).counts.bookmarks).toBe(2);
    await write('milho-hibridos', 'milho-hibridos-video', { event: 'bookmark', value: false });
    expect(ids((await feed('home')).bookmarks)).toEqual(['soja-plantio-video']);
  });

  it('finds a journey video the learner saved and started in /feed/bookmarks, /feed/continue and the /home counts (issue 13)', async () => {
    // gestao-custos is a journey-only station (areas: journey); the learner started its video above
    const before = (await feed('home')).counts.bookmarks;
    await write('gestao-custos', 'gestao-custos-video', { event: 'bookmark', value: true });
    expect(ids(await feed('feed/bookmarks'))[0]).toBe('gestao-custos-video');
    expect(ids(await feed('feed/continue'))).toContain('gestao-custos-video');
    const home = await feed('home');
    expect(ids(home.bookmarks)[0]).toBe('gestao-custos-video');
    expect(ids(home.continue)).toContain('gestao-custos-video');
    expect(home.counts.bookmarks).toBe(before + 1);
    // the Jornadas tab narrows to the journey; the catalogue's lists keep the default area
    expect(ids(await feed('feed/bookmarks?area=journey'))).toEqual(['gestao-custos-video']);
    expect(ids(await feed('feed/bookmarks?area=training'))).not.toContain('gestao-custos-video');
    expect(ids(await feed('feed/recent?limit=500'))).not.toContain('gestao-custos-video');
    await write('gestao-custos', 'gestao-custos-video', { event: 'bookmark', value: false });
    expect(ids(await feed('feed/bookmarks'))).not.toContain('gestao-custos-video');
  });

  it('answers 400 for bad input and 401/403 for callers who may not read feeds', async () => {
    expect((await t.request('GET', '/api/feed/everything', { token })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/feed/history?tz=Mars/Olympus', { token })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/feed/history?offset=-1', { token })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/home?tz=../../etc', { token })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/home')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/feed/history', { headers: { 'x-guest-id': randomUUID() } })).statusCode).toBe(401);
    const fresh = await registerUser(t, `feeds.${Date.now()}@example.com`);
    expect((await t.request('GET', '/api/home', { token: fresh.token })).statusCode).toBe(403);
  });
});
