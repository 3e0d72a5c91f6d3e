import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { registerUser, type TestUser } from '@portal/testing/identity';
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

describe('SCORM: /scorms, /scorms/progress, /user-store/scorm-content', () => {
  it('lists the SCORM 1.2 and 2004 courses with their launch pages', async () => {
    const res = await t.request('GET', '/api/scorms', { token: learner.token });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    // catalogue order: the library journey (listing order 4) comes before the soybean crop (10)
    expect(list.map((s: { scormId: string; version: string }) => [s.scormId, s.version])).toEqual([
      ['biblioteca-rotulos-curso', '2004'],
      ['soja-plantio-solo', '1.2'],
    ]);
    // the launch address as the pack writes it: nothing added to the package's own query (issue 27)
    expect(list[1].launchUrl['pt-BR']).toBe('/api/media/scorm/solo-12/index.html');
    expect(list[1].progress).toMatchObject({ status: null, completed: false });
  });

  it('saves the run-time data and gives it back so the course resumes, then completes on passed', async () => {
    const empty = await t.request('GET', '/api/user-store/scorm-content/soja-plantio-solo', { token: learner.token });
    expect(empty.json()).toMatchObject({ cmi: {}, savedAt: null, version: '1.2' });
    const save = await t.request('POST', '/api/user-store/scorm-content/soja-plantio-solo', {
      token: learner.token,
      body: { cmi: { 'cmi.core.lesson_location': '2', 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': '{"p":2}' } },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().progress).toMatchObject({ status: 'incomplete', completed: false });
    const resume = await t.request('GET', '/api/user-store/scorm-content/soja-plantio-solo', { token: learner.token, headers: after(save) });
    expect(resume.json().cmi).toEqual({ 'cmi.core.lesson_location': '2', 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': '{"p":2}' });
    t.clock.advance(60_000);
    const pass = await t.request('POST', '/api/user-store/scorm-content/soja-plantio-solo', {
      token: learner.token,
      body: { cmi: { 'cmi.core.lesson_location': '3', 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '100' } },
    });
    expect(pass.json().progress).toMatchObject({ status: 'passed', score: 100, completed: true, completedAt: t.clock.now().toISOString() });
    expect(pass.json().cmi['cmi.suspend_data']).toBe('{"p":2}');
    const types = (await t.infra.store.readStream(`learning.progress-${learner.userId}-soja-plantio`)).map((e) => e.type);
    expect(types).toEqual(['ScormStateSaved', 'ScormStateSaved', 'ScormCompleted', 'MediaCompleted']);
    const progress = await t.request('GET', '/api/scorms/progress/soja-plantio-solo', { token: learner.token, headers: after(pass) });
    expect(progress.json()).toMatchObject({ completed: true, status: 'passed' });
    const station = (await t.request('GET', '/api/stations/soja-plantio', { token: learner.token, headers: after(pass) })).json();
    expect(station.entries.find((e: { entryId: string }) => e.entryId === 'soja-plantio-solo')).toMatchObject({ contentStatus: 'completed' });
  });

  it('completes a SCORM 2004 course reported through /scorms/progress', async () => {
    const res = await t.request('POST', '/api/scorms/progress', { token: learner.token, body: { scormId: 'biblioteca-rotulos-curso', status: 'completed', score: 80 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ completed: true, status: 'completed', score: 80, version: '2004' });
    const again = await t.request('POST', '/api/scorms/progress', { token: learner.token, body: { scormId: 'biblioteca-rotulos-curso', status: 'completed' } });
    expect(again.headers['x-event-position']).toBeUndefined();
  });

  it('answers 400 for bad data, 404 for entries that are not SCORM, 401 and 403 for callers who may not', async () => {
    expect((await t.request('POST', '/api/user-store/scorm-content/soja-plantio-solo', { token: learner.token, body: { cmi: { 'window.alert': 'x' } } })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/scorms/progress', { token: learner.token, body: { scormId: 'soja-plantio-solo', status: 'great' } })).statusCode).toBe(400);
    expect((await t.request('GET', '/api/user-store/scorm-content/soja-plantio-video', { token: learner.token })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/scorms/progress/nothing', { token: learner.token })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/scorms')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/user-store/scorm-content/soja-plantio-solo', { headers: { 'x-guest-id': randomUUID() } })).statusCode).toBe(401);
    const fresh = await registerUser(t, `scorm.${Date.now()}@example.com`);
    expect((await t.request('GET', '/api/scorms', { token: fresh.token })).statusCode).toBe(403);
  });
});

describe('SCORM run-time data (issue 27)', () => {
  const save = (token: string, scormId: string, cmi: Record<string, string>) => t.request('POST', `/api/user-store/scorm-content/${scormId}`, { token, body: { cmi } });

  it('keeps the score whatever the status, in the answer, the resume, the progress and the list', async () => {
    const token = await tokenFor(t, { sub: randomUUID(), email: 'scorm.score@demo.agro' });
    const s2004 = await save(token, 'biblioteca-rotulos-curso', { 'cmi.completion_status': 'incomplete', 'cmi.success_status': 'unknown', 'cmi.score.scaled': '0.85' });
    expect(s2004.statusCode).toBe(200);
    expect(s2004.json().progress).toMatchObject({ status: 'incomplete', score: 85, completed: false });
    const s12 = await save(token, 'soja-plantio-solo', { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.score.raw': '70' });
    expect(s12.json().progress).toMatchObject({ status: 'incomplete', score: 70, completed: false });
    const progress = await t.request('GET', '/api/scorms/progress/biblioteca-rotulos-curso', { token, headers: after(s12) });
    expect(progress.json()).toMatchObject({ status: 'incomplete', score: 85 });
    const list = (await t.request('GET', '/api/scorms', { token, headers: after(s12) })).json() as Array<{ scormId: string; progress: { score: number | null } }>;
    expect(list.map((s) => [s.scormId, s.progress.score])).toEqual([
      ['biblioteca-rotulos-curso', 85],
      ['soja-plantio-solo', 70],
    ]);
    // a later commit without the score keeps it
    const later = await save(token, 'soja-plantio-solo', { 'cmi.core.lesson_location': '4' });
    expect(later.json().progress.score).toBe(70);
    const resume = await t.request('GET', '/api/user-store/scorm-content/soja-plantio-solo', { token, headers: after(later) });
    expect(resume.json()).toMatchObject({ cmi: { 'cmi.core.lesson_location': '4', 'cmi.core.score.raw': '70' }, progress: { score: 70 } });
  });

  it("holds the data model's limits per version: suspend_data 4,096 in 1.2 and 64,000 in 2004", async () => {
    const token = await tokenFor(t, { sub: randomUUID(), email: 'scorm.limits@demo.agro' });
    const tooLong12 = await save(token, 'soja-plantio-solo', { 'cmi.suspend_data': 'x'.repeat(4097) });
    expect(tooLong12.statusCode).toBe(400);
    expect(tooLong12.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'cmi.cmi.suspend_data', code: 'too_big' }] });
    const location12 = await save(token, 'soja-plantio-solo', { 'cmi.core.lesson_location': 'p'.repeat(256) });
    expect(location12.json()).toMatchObject({ code: 'app/bed-request', details: [{ path: 'cmi.cmi.core.lesson_location' }] });
    const ok = await save(token, 'soja-plantio-solo', { 'cmi.suspend_data': 'x'.repeat(4096) });
    expect(ok.statusCode).toBe(200);
    // nothing of the refused commits was kept
    const kept = await t.request('GET', '/api/user-store/scorm-content/soja-plantio-solo', { token, headers: after(ok) });
    expect(kept.json().cmi).toEqual({ 'cmi.suspend_data': 'x'.repeat(4096) });
    expect((await save(token, 'biblioteca-rotulos-curso', { 'cmi.suspend_data': 'x'.repeat(5000) })).statusCode).toBe(200);
    expect((await save(token, 'biblioteca-rotulos-curso', { 'cmi.location': 'l'.repeat(1001) })).statusCode).toBe(400);
    expect((await save(token, 'biblioteca-rotulos-curso', { 'cmi.suspend_data': 'x'.repeat(64_001) })).statusCode).toBe(400);
  });
});
