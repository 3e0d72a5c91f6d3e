import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@portal/testing/app';
import type { TestUser } from '@portal/testing/identity';
import { seedLearning, tokenFor } from '../../testing/test-kit.js';

let t: TestApp;
let learner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  learner = await seedLearning(t);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/media/* (unprotected files)', () => {
  it('serves a file with immutable caching when addressed by hash, ranges and 304s', async () => {
    const page = (await t.request('GET', '/api/stations/soja-plantio', { token: learner.token })).json();
    const src = page.entries[0].src['pt-BR'] as string;
    const full = await t.request('GET', src);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const size = Number(full.headers['content-length']);
    expect(size).toBeGreaterThan(1000);
    const part = await t.request('GET', src, { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.body.length).toBeGreaterThan(0);
    expect((await t.request('GET', src, { headers: { range: 'bytes=999999999-' } })).statusCode).toBe(416);
    expect((await t.request('GET', src, { headers: { 'if-none-match': String(full.headers.etag) } })).statusCode).toBe(304);
    const thumb = await t.request('GET', '/api/media/thumbs/soja.png');
    expect(thumb.headers['cache-control']).toBe('public, max-age=300');
    expect(thumb.headers['content-type']).toBe('image/png');
  });

  it("never serves SCORM package files from the portal's origin: their scripts run on the content origin only (ADR 0084)", async () => {
    for (const path of ['/api/media/scorm/solo-12/index.html', '/api/media/scorm/solo-12/course.js', '/api/media/video/..%2Fscorm%2Fsolo-12%2Findex.html', '/api/media/SCORM/solo-12/index.html']) {
      expect((await t.request('GET', path)).statusCode, path).toBe(404);
    }
  });

  it('never serves protected files, the pack or paths outside the media folder', async () => {
    expect((await t.request('GET', '/api/media/..%2Fprotected%2Fpodcast%2Fctb-cast-01.mp3')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/media/..%2Fpack.json')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/media/video/nothing.mp4')).statusCode).toBe(404);
  });
});

describe('protected media: POST/DELETE /api/watermarkApi/media-protector, GET /api/download/:hash', () => {
  const link = async (mediaId: string, token = learner.token) => t.request('POST', '/api/watermarkApi/media-protector', { token, body: { mediaId } });

  it('serves a podcast through a signed link and records the download once per fetch', async () => {
    const res = await link('ctb-cast-01');
    expect(res.statusCode).toBe(200);
    const { url, hash, expiresAt } = res.json();
    expect(url).toBe(`/api/download/${hash}`);
    expect(expiresAt).toBe(new Date(t.clock.now().getTime() + 15 * 60_000).toISOString());
    const file = await t.request('GET', url, { headers: { 'user-agent': 'Mozilla/5.0 (PodcastTest)' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const seek = await t.request('GET', url, { headers: { range: 'bytes=2000-' } });
    expect(seek.statusCode).toBe(206);
    const events = await t.infra.store.readStream(`learning.progress-${learner.userId}-ctb_cast`);
    expect(events.filter((e) => e.type === 'PodcastEpisodeDownloaded').map((e) => e.data.entryId)).toEqual(['ctb-cast-01']);
    // where the download came from, as every HTTP write records it (ADR 0071); the link's owner is the actor
    expect(events.find((e) => e.type === 'PodcastEpisodeDownloaded')!.metadata).toMatchObject({ actor: learner.userId, origin: 'web', ip: '127.0.0.1', userAgent: 'Mozilla/5.0 (PodcastTest)' });
    const pdf = await link('milho-hibridos-manual');
    const doc = await t.request('GET', `${pdf.json().url}?download=1`);
    expect(doc.headers['content-disposition']).toBe('attachment; filename="milho-hibridos-manual.pdf"');
    const manual = await t.infra.store.readStream(`learning.progress-${learner.userId}-milho-hibridos`);
    expect(manual.map((e) => e.type)).toContain('ProtectedMediaDownloaded');
  });

  it('stops serving a link once it expires or is revoked, and refuses a forged one', async () => {
    const { url } = (await link('ctb-cast-02')).json();
    t.clock.advance(15 * 60_000 + 1);
    expect((await t.request('GET', url)).statusCode).toBe(403);
    const fresh = (await link('ctb-cast-02')).json();
    expect((await t.request('GET', fresh.url)).statusCode).toBe(200);
    t.clock.advance(1);
    const revoked = await t.request('DELETE', '/api/watermarkApi/media-protector/ctb-cast-02', { token: learner.token });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true, revokedAt: t.clock.now().toISOString() });
    expect((await t.request('GET', fresh.url)).statusCode).toBe(403);
    t.clock.advance(1);
    expect((await t.request('GET', (await link('ctb-cast-02')).json().url)).statusCode).toBe(200);
    const forged = `${fresh.hash.slice(0, 40)}${fresh.hash.slice(40) === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA'}`;
    expect((await t.request('GET', `/api/download/${forged}`)).statusCode).toBe(404);
    expect((await t.request('GET', '/api/download/short')).statusCode).toBe(400);
  });

  it('refuses unprotected files, unknown ones, strangers and guests', async () => {
    expect((await link('soja-plantio-video')).statusCode).toBe(400);
    expect((await link('nothing-here')).statusCode).toBe(404);
    expect((await link('bad id')).statusCode).toBe(400);
    const ar = await tokenFor(t, { sub: randomUUID(), country: 'AR' });
    expect((await link('ctb-cast-01', ar)).statusCode).toBe(403);
    expect((await t.request('POST', '/api/watermarkApi/media-protector', { body: { mediaId: 'ctb-cast-01' }, headers: { 'x-guest-id': randomUUID() } })).statusCode).toBe(401);
    expect((await t.request('DELETE', '/api/watermarkApi/media-protector/ctb-cast-01')).statusCode).toBe(401);
  });
});
