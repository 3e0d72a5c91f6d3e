import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { importContentPack } from '@portal/learning/application';
import { actorOf } from '@portal/kernel';
import type { AccessClaims } from '@portal/platform';
import { trackingStream } from '@portal/engagement/contracts';

// Defect 1 of issue 11: input Postgres cannot store, or nested absurdly deep, answered 500.
// Every case here answered 500 before the edge checks (apps/api/src/http/edge.ts) existed.

let t: TestApp;
let staffToken: string;
let learnerToken: string;
beforeAll(async () => {
  t = await startTestApp();
  const pack = await importContentPack(t.infra.store, t.infra.clock);
  if (pack.checkpoint) await t.infra.projections.waitFor('catalogue', pack.checkpoint, 30_000);
  const claims: Omit<AccessClaims, 'sub' | 'email' | 'roles'> = { permissions: [], aclTags: ['dist:all'], companyId: null, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true, sid: 'edge-test' };
  staffToken = await t.infra.tokens.issue({ ...claims, sub: randomUUID(), email: 'staff@example.com', roles: ['tc_manager'] });
  learnerToken = await t.infra.tokens.issue({ ...claims, sub: randomUUID(), email: 'learner@example.com', roles: ['learner'] });
});
afterAll(async () => {
  await t.close();
});

const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const json = { 'content-type': 'application/json' };

/** A 400 app/bed-request naming the field, in the error body of every route. */
function expectFieldError(res: { statusCode: number; json(): any }, path: string | RegExp, code: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: 400, code: 'app/bed-request', message: expect.any(String) });
  expect(body.details).toEqual([{ path: expect.stringMatching(path), code, message: expect.any(String) }]);
}

describe('strings Postgres cannot store (NUL, lone UTF-16 surrogates)', () => {
  it('answers 400 naming the field on the guests\' tracking calls, and keeps what was saved', async () => {
    const guest = { ...json, 'x-guest-id': randomUUID() };
    const kept = await t.request('POST', '/api/user-events/set', { body: JSON.stringify({ payload: { page: 'home' } }), headers: guest });
    expect(kept.statusCode).toBe(204);
    const bad: [string, string, string][] = [
      ['/api/user-events/set', JSON.stringify({ payload: { page: 'x\u0000y' } }), 'payload.page'],
      ['/api/user-events/set', '{"payload":{"page":"\\ud800"}}', 'payload.page'],
      ['/api/user-events/set', '{"payload":{"page":"tail \\udfff"}}', 'payload.page'],
      ['/api/user-events/set', JSON.stringify({ payload: { ['k\u0000']: 1 } }), 'payload.k\uFFFD'],
      ['/api/user-events/set', JSON.stringify({ payload: {}, pageUrl: 'https://x/\u0000' }), 'pageUrl'],
      ['/api/interactions/trace', JSON.stringify({ category: 'video\u0000', action: 'play' }), 'category'],
      ['/api/interactions/trace', '{"category":"video","action":"play","label":"\\udc00\\ud800"}', 'label'],
    ];
    for (const [url, body, path] of bad) expectFieldError(await t.request('POST', url, { body, headers: guest }), new RegExp(`^${path}$`), 'invalid_characters');
    // a surrogate pair (an emoji) is a valid character
    expect((await t.request('POST', '/api/interactions/trace', { body: '{"category":"video","action":"\\ud83c\\udf31"}', headers: guest })).statusCode).toBe(204);
    const events = await t.infra.store.readStream(trackingStream(actorOf({ kind: 'guest', guestId: guest['x-guest-id'] }), '2026-11-21'));
    expect(events.map((e) => e.type)).toEqual(['UserEventRecorded', 'InteractionTraced']);
    expect(events[0]!.data).toMatchObject({ payload: { page: 'home' } });
  });

  it('answers 400 for a NUL in the query of the staff bookings list and its CSV export', async () => {
    for (const url of ['/api/booking/staff/bookings?q=%00', '/api/booking/staff/bookings.csv?q=ab%00cd', '/api/booking/staff/bookings?q=ok&status=%00']) {
      const res = await t.request('GET', url, { token: staffToken });
      expectFieldError(res, /^(q|status)$/, 'invalid_characters');
    }
    expect((await t.request('GET', '/api/booking/staff/bookings?q=ok', { token: staffToken })).statusCode).toBe(200);
  });

  it('answers 400 for a NUL in a path parameter', async () => {
    expectFieldError(await t.request('GET', '/api/user-profile/picture/ab%00cd'), /^pictureId$/, 'invalid_characters');
  });
});

describe('JSON nested deeper than 64 levels', () => {
  it('answers 400 naming where it gets too deep, on every route, and keeps what was saved', async () => {
    const guest = { ...json, 'x-guest-id': randomUUID() };
    const saved = await t.request('POST', '/api/content/media-state/bv-video/player', { body: JSON.stringify({ data: { volume: 0.5 } }), headers: guest });
    expect(saved.statusCode).toBe(200);
    const deep: [string, string, string][] = [
      ['/api/user-events/set', `{"payload":${nested(5000)}}`, 'payload'],
      ['/api/interactions/trace', `{"category":"a","action":"b","extra":${nested(5000)}}`, 'extra'],
      ['/api/content/media-state/bv-video/player', `{"data":${nested(5000)}}`, 'data'],
      ['/api/content/media-state/bv-video/player', `{"data":{"list":${'['.repeat(5000)}${']'.repeat(5000)}}}`, 'data.list'],
    ];
    for (const [url, body, prefix] of deep) {
      const res = await t.request('POST', url, { body, headers: guest });
      expectFieldError(res, new RegExp(`^${prefix.replace('.', '\\.')}(\\.[a0])+$`), 'too_deep');
      expect(res.json().details[0].path.split('.')).toHaveLength(64);
    }
    // 64 levels are fine (the body is the first)
    expect((await t.request('POST', '/api/user-events/set', { body: `{"payload":${nested(63)}}`, headers: guest })).statusCode).toBe(204);
    expectFieldError(await t.request('POST', '/api/user-events/set', { body: `{"payload":${nested(64)}}`, headers: guest }), /^payload(\.a)+$/, 'too_deep');
    const state = await t.request('GET', '/api/stations/boas-vindas', { headers: { 'x-guest-id': guest['x-guest-id'], ...after(saved) } });
    expect(state.statusCode).toBe(200);
    const entry = state.json().entries.find((e: { entryId: string }) => e.entryId === 'bv-video');
    expect(entry.state.mediaState.player).toEqual({ volume: 0.5 });
  });
});

describe('body size', () => {
  it('answers 413 in the error shape above the route\'s limit, and takes SCORM state up to its own larger limit', async () => {
    const big = JSON.stringify({ payload: { text: 'x'.repeat(80 * 1024) } });
    const res = await t.request('POST', '/api/user-events/set', { body: big, headers: { ...json, 'x-guest-id': randomUUID() } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, code: 'app/bed-request', details: [{ path: '', code: 'too_big' }] });
    const cmi = { 'cmi.suspend_data': 'y'.repeat(60_000), 'cmi.location': 'page-3', 'cmi.comments': 'z'.repeat(60_000) };
    const scorm = await t.request('POST', '/api/user-store/scorm-content/no-such-scorm', { body: JSON.stringify({ cmi }), headers: json, token: learnerToken });
    // over the default limit, under the route's: the handler answers (this package does not exist)
    expect(scorm.statusCode).toBe(404);
  });
});

describe('caching of personal answers', () => {
  it('sends cache-control: no-store on API answers unless the route sets its own caching', async () => {
    const guest = { 'x-guest-id': randomUUID() };
    for (const [url, headers] of [
      ['/api/stations', { authorization: `Bearer ${learnerToken}` }],
      ['/api/stations/boas-vindas', guest],
      ['/api/userData', { authorization: `Bearer ${learnerToken}` }],
      ['/api/no-such-route', {}],
    ] as const) {
      const res = await t.request('GET', url, { headers });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const bad = await t.request('POST', '/api/user-events/set', { body: '{"payload":{"a":"\\u0000"}}', headers: { ...json, ...guest } });
    expect(bad.headers['cache-control']).toBe('no-store');
  });
});

function after(res: { headers: Record<string, unknown> }): Record<string, string> {
  const p = res.headers['x-event-position'];
  return typeof p === 'string' ? { 'x-min-position': p } : {};
}
