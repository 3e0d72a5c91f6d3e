import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { cookieFrom, registerUser, STRONG_PASSWORD } from '@portal/testing/identity';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const refresh = (cookie: string) => t.request('POST', '/api/auth/refresh', { headers: { cookie: `portal_refresh=${encodeURIComponent(cookie)}` } });

describe('sessions', () => {
  it('sets an httpOnly SameSite=Strict refresh cookie scoped to /api/auth', async () => {
    const res = await t.request('POST', '/api/createUserRegister', { body: { email: 'cookie@example.com', password: STRONG_PASSWORD, country: 'BR', consent: true } });
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/portal_refresh=/);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Strict/i);
    expect(raw).toMatch(/Path=\/api\/auth/);
    expect(raw).toMatch(/Max-Age=604800/);
  });

  it('sets with the refresh cookie a session marker the page can read, holding no secret, and clears it with it (ADR 0014)', async () => {
    const markerOf = (headers: Record<string, unknown>): string | undefined => {
      const raw = headers['set-cookie'];
      return (Array.isArray(raw) ? (raw as string[]) : [String(raw)]).find((c) => c.startsWith('portal_session='));
    };
    const u = await registerUser(t, 'marker@example.com');
    const registered = await t.request('POST', '/api/auth/signIn', { body: { email: 'marker@example.com', password: STRONG_PASSWORD } });
    const marker = markerOf(registered.headers)!;
    expect(marker).toMatch(/^portal_session=1;/);
    expect(marker).not.toMatch(/HttpOnly/i);
    expect(marker).toMatch(/Path=\/;|Path=\/$/);
    expect(marker).toMatch(/SameSite=Strict/i);
    expect(marker).toMatch(/Max-Age=604800/);
    // a refresh renews it with the cookie; a refresh that fails and a sign-out clear it
    const renewed = await refresh(u.refresh);
    expect(markerOf(renewed.headers)).toMatch(/^portal_session=1;.*Max-Age=604800/);
    const failed = await refresh('not-a-session.token');
    expect(failed.statusCode).toBe(401);
    expect(markerOf(failed.headers)).toMatch(/^portal_session=;/);
    const out = await t.request('POST', '/api/auth/logoff', { token: u.token, body: {}, headers: { cookie: `portal_refresh=${encodeURIComponent(cookieFrom(renewed.headers)!)}` } });
    expect(out.statusCode).toBe(204);
    expect(markerOf(out.headers)).toMatch(/^portal_session=;/);
  });

  it('rotates the refresh token and issues a new access token', async () => {
    const u = await registerUser(t, 'rotate@example.com');
    const first = await refresh(u.refresh);
    expect(first.statusCode).toBe(200);
    const next = cookieFrom(first.headers)!;
    expect(next).not.toBe(u.refresh);
    const me = await t.request('GET', '/api/userData', { token: first.json().accessToken });
    expect(me.statusCode).toBe(200);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('hands the current token again to a client whose refresh answer was lost, within 30 s', async () => {
    const u = await registerUser(t, 'lost-answer@example.com');
    // the first answer never reached the browser (the page was left while it was on the way)
    const lost = await refresh(u.refresh);
    expect(lost.statusCode).toBe(200);
    const current = cookieFrom(lost.headers)!;
    t.clock.advance(20_000);
    const again = await refresh(u.refresh);
    expect(again.statusCode).toBe(200);
    expect(cookieFrom(again.headers)).toBe(current);
    expect((await t.request('GET', '/api/userData', { token: again.json().accessToken })).statusCode).toBe(200);
    // nothing was revoked: the current token rotates as usual
    expect((await refresh(current)).statusCode).toBe(200);
    const events = await t.infra.store.readStream(`identity.session-${u.refresh.split('.')[0]}`);
    expect(events.map((e) => e.type)).toEqual(['SessionStarted', 'SessionRefreshed', 'SessionRefreshed']);
  });

  it('revokes the whole session when a rotated refresh token is used again after 30 s, or two rotations later', async () => {
    const u = await registerUser(t, 'reuse@example.com');
    const rotated = await refresh(u.refresh);
    const current = cookieFrom(rotated.headers)!;
    t.clock.advance(31_000);
    const replay = await refresh(u.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('invalid-user-token');
    // the legitimate holder is signed out too
    expect((await refresh(current)).statusCode).toBe(401);
    const events = await t.infra.store.readStream(`identity.session-${u.refresh.split('.')[0]}`);
    expect(events.at(-1)).toMatchObject({ type: 'SessionRevoked', data: { reason: 'refresh-token-reused', userId: u.userId } });

    const v = await registerUser(t, 'reuse-older@example.com');
    const second = cookieFrom((await refresh(v.refresh)).headers)!;
    const third = cookieFrom((await refresh(second)).headers)!;
    expect((await refresh(v.refresh)).statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(401);
  });

  it('refuses refresh without a cookie or with a forged one', async () => {
    expect((await t.request('POST', '/api/auth/refresh')).statusCode).toBe(401);
    expect((await refresh('00000000-0000-7000-8000-000000000000.forged')).statusCode).toBe(401);
  });

  it('ends a session after its configured length', async () => {
    const u = await registerUser(t, 'expire@example.com');
    t.clock.advance(8 * 24 * 3600_000);
    const res = await refresh(u.refresh);
    expect(res.statusCode).toBe(401);
    t.clock.set('2026-11-21T12:00:00.000Z');
  });

  it('sign-out saves the locale first, revokes the session and clears the cookie', async () => {
    const u = await registerUser(t, 'logoff@example.com');
    const res = await t.request('POST', '/api/auth/logoff', { token: u.token, body: { lang: 'es' }, headers: { cookie: `portal_refresh=${encodeURIComponent(u.refresh)}` } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/portal_refresh=;/);
    expect((await refresh(u.refresh)).statusCode).toBe(401);
    const events = await t.infra.store.readStream(`identity.user-${u.userId}`);
    expect(events.at(-1)!.type).toBe('LocaleChanged');
    expect(events.at(-1)!.data.lang).toBe('es');
  });
});
