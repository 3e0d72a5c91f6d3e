import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = { email: 'Maria.Silva@Example.com', password: 'Str0ng!pass', country: 'BR', consent: true, lang: 'pt-BR' };

describe('POST /api/createUserRegister', () => {
  it('creates the account, signs in, and /userData shows the profile with derived fields', async () => {
    const res = await t.request('POST', '/api/createUserRegister', { body: valid });
    expect(res.statusCode).toBe(201);
    const session = res.json();
    expect(session.accessToken).toMatch(/^ey/);
    expect(session.expiresIn).toBeGreaterThan(0);
    const position = res.headers['x-event-position'];
    expect(position).toMatch(/^\d+\.\d+$/);

    const me = await t.request('GET', '/api/userData', { token: session.accessToken, headers: { 'x-min-position': String(position) } });
    expect(me.statusCode).toBe(200);
    const profile = me.json();
    expect(profile).toMatchObject({
      uid: session.userId,
      email: 'maria.silva@example.com',
      emailVerified: false,
      country: 'BR',
      lang: 'pt-BR',
      registerStatus: 'None',
      isInnerEmployee: null,
      roles: ['learner'],
      displayName: 'maria.silva',
      initials: 'M',
    });
  });

  it('never stores the password: the event holds an argon2id hash', async () => {
    const res = await t.request('POST', '/api/createUserRegister', { body: { ...valid, email: 'hash.check@example.com' } });
    const { userId } = res.json();
    const events = await t.infra.store.readStream(`identity.user-${userId}`);
    expect(events[0]!.type).toBe('UserRegistered');
    expect(JSON.stringify(events[0]!.data)).not.toContain(valid.password);
    expect(String(events[0]!.data.passwordHash)).toMatch(/^\$argon2id\$/);
    expect(events[0]!.metadata.actor).toBe('system');
    expect(events[0]!.metadata.origin).toBe('web');
  });

  it('refuses a second account with the same e-mail in any letter case', async () => {
    const res = await t.request('POST', '/api/createUserRegister', { body: { ...valid, email: 'MARIA.SILVA@example.com' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'email-already-in-use' });
  });

  it('answers 400 app/bed-request with field errors for bad input, and saves nothing', async () => {
    const res = await t.request('POST', '/api/createUserRegister', {
      body: { email: 'not-an-email', password: 'weak', country: 'XX', consent: false },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('app/bed-request');
    const paths = [...new Set(body.details.map((d: { path: string }) => d.path))].sort();
    expect(paths).toEqual(['consent', 'country', 'email', 'password']);
    const { events } = await t.infra.store.readAll({ types: ['EmailClaimed'] });
    expect(events.map((e) => e.data.email)).not.toContain('not-an-email');
  });

  it('requires consent to personal-data collection', async () => {
    const res = await t.request('POST', '/api/createUserRegister', { body: { ...valid, email: 'no.consent@example.com', consent: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'consent' })]);
  });

  it('rejects a malformed JSON body with 400, not 500', async () => {
    const res = await t.request('POST', '/api/createUserRegister', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('app/bed-request');
  });
});

describe('concurrent registrations', () => {
  it('lets exactly one of simultaneous registrations of an address win; the others get email-already-in-use', async () => {
    const body = { email: 'race@example.com', password: 'Str0ng!pass', country: 'BR', consent: true };
    const results = await Promise.all(Array.from({ length: 5 }, () => t.request('POST', '/api/createUserRegister', { body })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'email-already-in-use')).toBe(true);
  });
});
