import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser, type TestUser } from '@portal/testing/identity';
import { randomUUID } from 'node:crypto';
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

const get = (url: string, token?: string, headers: Record<string, string> = {}) => t.request('GET', url, { ...(token ? { token } : {}), headers });

describe('GET /api/stations', () => {
  it('lists the allowed, active stations with the default one marked and unavailable ones carrying their message', async () => {
    const res = await get('/api/stations', learner.token);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { stationId: string; isDefault: boolean; isUnavailable: boolean; availabilityMessage: unknown; pageTo: string; lock: { locked: boolean } }[];
    const ids = list.map((s) => s.stationId);
    expect(ids).toContain('boas-vindas');
    expect(ids).not.toContain('arquivo-2023');
    expect(list.find((s) => s.isDefault)?.stationId).toBe('boas-vindas');
    const trigo = list.find((s) => s.stationId === 'trigo')!;
    expect(trigo.isUnavailable).toBe(true);
    expect(trigo.availabilityMessage).toMatchObject({ en: expect.stringContaining('Coming soon') });
    expect(list.find((s) => s.stationId === 'soja')!.pageTo).toBe('/training/soja');
    expect(list.find((s) => s.stationId === 'soja-plantio')!.pageTo).toBe('/training/soja/soja-plantio');
    expect(list.find((s) => s.stationId === 'negociacao')!.pageTo).toBe('/journey/tr_procesos_comerciales/negociacao');
    expect(list.find((s) => s.stationId === 'algodao')!.lock).toMatchObject({ locked: true, message: 'lockState.incompleteContentMessage', requiredStationIds: ['soja-plantio'] });
  });

  it('filters by area and route area', async () => {
    const journey = (await get('/api/stations?routeArea=journey', learner.token)).json() as { stationId: string }[];
    expect(journey.map((s) => s.stationId)).toContain('ctb_cast');
    expect(journey.map((s) => s.stationId)).not.toContain('soja');
    const training = (await get('/api/stations?area=training', learner.token)).json() as { areas: string[] }[];
    expect(training.every((s) => s.areas.includes('training'))).toBe(true);
  });

  it('respects allowedStations, ACL tags and country', async () => {
    const token = await tokenFor(t, { sub: randomUUID(), allowedStations: { soja: true, ctb_cast: true }, aclTags: ['dist:soja_monsoy'], country: 'AR' });
    const ids = ((await get('/api/stations', token)).json() as { stationId: string }[]).map((s) => s.stationId);
    expect(ids).toContain('soja');
    expect(ids).toContain('soja-manejo');
    expect(ids).not.toContain('milho');
    // what a guest opens and the open catalogue come with every learner (ADR 0033)
    expect(ids).toContain('boas-vindas');
    expect(ids).toContain('algodao');
    // ctb_cast is Brazil-only
    expect(ids).not.toContain('ctb_cast');
    const noTag = await tokenFor(t, { sub: randomUUID(), allowedStations: 'all', aclTags: ['dist:milho_dekalb'] });
    const visible = ((await get('/api/stations', noTag)).json() as { stationId: string }[]).map((s) => s.stationId);
    expect(visible).toContain('milho');
    expect(visible).not.toContain('soja');
  });

  it('needs a signed-in, verified, Completed user', async () => {
    expect((await get('/api/stations')).statusCode).toBe(401);
    expect((await get('/api/stations', undefined, { 'x-guest-id': randomUUID() })).statusCode).toBe(401);
    const fresh = await registerUser(t, `fresh.${Date.now()}@example.com`);
    expect((await get('/api/stations', fresh.token)).statusCode).toBe(403);
  });

  it('answers 400 for bad filters', async () => {
    const res = await get('/api/stations?routeArea=moon', learner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('app/bed-request');
  });
});

describe('GET /api/stations/:stationId', () => {
  it('gives entries with states, locks, content status and links', async () => {
    const res = await get('/api/stations/soja-manejo', learner.token);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.parent.stationId).toBe('soja');
    const video = s.entries.find((e: { entryId: string }) => e.entryId === 'soja-manejo-video');
    expect(video).toMatchObject({ type: 'video', contentStatus: 'initial', statusColor: null, state: null, to: '/training/soja/soja-manejo?video=soja-manejo-video&start=true' });
    expect(video.src['pt-BR']).toMatch(/^\/api\/media\/video\/soja\.mp4\?v=[0-9a-f]{16}$/);
    const locked = s.entries.find((e: { entryId: string }) => e.entryId === 'soja-manejo-ficha');
    expect(locked.lock).toMatchObject({ locked: true, reason: 'incompleteContent', message: 'lockState.incompleteContentMessage', requiredEntryIds: ['soja-manejo-video'] });
    expect(locked.contentStatus).toBe('disabled');
    expect(s.questions).toMatchObject({ questionIds: ['soja-manejo-q1', 'soja-manejo-q2'], minCorrectAnswers: 2, progress: { total: 2, answered: 0, isComplete: false } });
    expect(s.state).toMatchObject({ visitsCount: 0, videosCompletedAt: null });
  });

  it('gives a crop its children and certificate rules', async () => {
    const s = (await get('/api/stations/soja', learner.token)).json();
    expect(s.children.map((c: { stationId: string }) => c.stationId)).toEqual(['soja-plantio', 'soja-manejo', 'soja-colheita']);
    expect(s.certificates).toEqual([expect.objectContaining({ certificateId: 'cert-soja', earned: false, locked: true })]);
    expect(s.children.find((c: { stationId: string }) => c.stationId === 'soja-colheita').lock).toMatchObject({ locked: true, requiredStationIds: ['soja-manejo'] });
  });

  it('hides protected sources behind the media protector', async () => {
    const s = (await get('/api/stations/milho-hibridos', learner.token)).json();
    const manual = s.entries.find((e: { entryId: string }) => e.entryId === 'milho-hibridos-manual');
    expect(manual).toMatchObject({ protected: true, src: {}, languages: ['pt-BR'] });
  });

  it('is 404 for unknown or inactive stations, 403 when not allowed or unavailable', async () => {
    expect((await get('/api/stations/nope', learner.token)).statusCode).toBe(404);
    expect((await get('/api/stations/arquivo-2023', learner.token)).statusCode).toBe(404);
    expect((await get('/api/stations/trigo', learner.token)).statusCode).toBe(403);
    const ar = await tokenFor(t, { sub: randomUUID(), country: 'AR' });
    expect((await get('/api/stations/ctb_cast', ar)).statusCode).toBe(403);
    expect((await get('/api/stations/BAD%20ID', learner.token)).statusCode).toBe(400);
  });

  it('opens guest-access stations to guests and nothing else', async () => {
    const guest = { 'x-guest-id': randomUUID() };
    expect((await get('/api/stations/boas-vindas', undefined, guest)).statusCode).toBe(200);
    expect((await get('/api/stations/soja', undefined, guest)).statusCode).toBe(403);
    expect((await get('/api/stations/boas-vindas')).statusCode).toBe(401);
    // an account still being set up gets what @Authorized() gives it, even on guest routes
    const fresh = await registerUser(t, `guest.route.${Date.now()}@example.com`);
    expect((await get('/api/stations/boas-vindas', fresh.token)).statusCode).toBe(403);
    expect((await get('/api/catalogue/route?path=/station/boas-vindas', fresh.token)).statusCode).toBe(403);
  });
});

describe('GET /api/catalogue/route', () => {
  it('resolves /training/:crop/:detail and the canonical path of the route area', async () => {
    const res = await get('/api/catalogue/route?path=/training/soja/soja-manejo', learner.token);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ area: 'training', canonicalPath: '/training/soja/soja-manejo' });
    expect(r.station.stationId).toBe('soja');
    expect(r.detail.stationId).toBe('soja-manejo');
    const moved = (await get('/api/catalogue/route?path=/station/soja', learner.token)).json();
    expect(moved.canonicalPath).toBe('/training/soja');
    const journey = (await get('/api/catalogue/route?path=/journey/tr_procesos_comerciales/herramientas_comerciales', learner.token)).json();
    expect(journey).toMatchObject({ area: 'journey', detail: { stationId: 'herramientas_comerciales' } });
    const cast = (await get('/api/catalogue/route?path=/journey/ctb_cast', learner.token)).json();
    expect(cast.station.entries.map((e: { type: string }) => e.type)).toEqual(['podcast', 'podcast', 'podcast']);
  });

  it('is 404 for a detail of another station and 400 for other paths', async () => {
    expect((await get('/api/catalogue/route?path=/training/soja/milho-nutricao', learner.token)).statusCode).toBe(404);
    expect((await get('/api/catalogue/route?path=/training/nothing', learner.token)).statusCode).toBe(404);
    expect((await get('/api/catalogue/route?path=/admin/x', learner.token)).statusCode).toBe(400);
    expect((await get('/api/catalogue/route', learner.token)).statusCode).toBe(400);
  });
});

describe('GET /api/training, /api/journey, /api/journey/list', () => {
  it('lists crops with certificates, journey groups and ctb_cast for Brazil', async () => {
    const training = (await get('/api/training', learner.token)).json();
    expect(training.crops.map((c: { stationId: string }) => c.stationId)).toEqual(['soja', 'milho', 'algodao', 'trigo']);
    const journey = (await get('/api/journey', learner.token)).json();
    expect(journey.trails.map((s: { stationId: string }) => s.stationId)).toEqual(['tr_gestao_rural', 'tr_procesos_comerciales']);
    expect(journey.competence.map((s: { stationId: string }) => s.stationId)).toEqual(['competencia-lideranca']);
    expect(journey.library.map((s: { stationId: string }) => s.stationId)).toEqual(['biblioteca-agronomica']);
    expect(journey.ctbCast.stationId).toBe('ctb_cast');
    const mx = await tokenFor(t, { sub: randomUUID(), country: 'MX' });
    expect((await get('/api/journey', mx)).json().ctbCast).toBeNull();
  });

  it('moves a journey to in-progress once the learner has been there', async () => {
    const visit = await t.request('POST', '/api/user-store/station/gestao-custos', { token: learner.token, body: { visit: true } });
    expect(visit.statusCode).toBe(200);
    const list = (await get('/api/journey/list?playlist=in-progress', learner.token, after(visit))).json();
    expect(list.map((s: { stationId: string }) => s.stationId)).toEqual(['tr_gestao_rural']);
    expect(list[0].progress).toMatchObject({ status: 'in-progress', percent: 0 });
    expect((await get('/api/journey/list?playlist=done', learner.token)).statusCode).toBe(400);
  });
});
