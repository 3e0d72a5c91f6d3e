import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { newId } from '@portal/kernel';
import { handleCommand } from '@portal/platform';
import { emailStream, userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { emailKey } from '../shared/email-key.js';
import { ABANDONED_CLAIM_AFTER_MS } from '../shared/email-claims.js';

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

describe('a registration that stopped between the e-mail claim and the account (ADR 0005)', () => {
  const body = { email: 'crashed@example.com', password: 'Str0ng!pass', country: 'BR', consent: true };
  const claimStream = emailStream(emailKey(body.email));
  let abandonedId: string;

  // what a kill -9 after the claim leaves behind: the claim through the real store, no account
  const crashAfterClaim = async (email: string): Promise<string> => {
    const userId = newId();
    await t.infra.store.append(emailStream(emailKey(email)), [{ type: 'EmailClaimed', data: { email, userId, claimedAt: t.clock.now().toISOString() } }], {
      expectedRevision: 'no-stream',
      context: { correlationId: 'crash-test', actor: 'system', origin: 'web' },
    });
    return userId;
  };

  it('keeps the address while the claim may belong to a registration still in progress', async () => {
    abandonedId = await crashAfterClaim(body.email);
    t.clock.advance(ABANDONED_CLAIM_AFTER_MS - 1000);
    const res = await t.request('POST', '/api/createUserRegister', { body });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email-already-in-use');
  });

  it('releases the claim once it is older than the bound with no account behind it: the address registers and signs in', async () => {
    t.clock.advance(2000);
    const res = await t.request('POST', '/api/createUserRegister', { body });
    expect(res.statusCode).toBe(201);
    const signIn = await t.request('POST', '/api/auth/signIn', { body: { email: body.email, password: body.password } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().userId).toBe(res.json().userId);
    // the release is recorded: the abandoned attempt is closed, then the claim moves
    const claim = (await t.infra.store.readStream(claimStream)).map((e) => [e.type, e.data.userId]);
    expect(claim).toEqual([
      ['EmailClaimed', abandonedId],
      ['EmailReleased', abandonedId],
      ['EmailClaimed', res.json().userId],
    ]);
    expect((await t.infra.store.readStream(userStream(abandonedId))).map((e) => e.type)).toEqual(['RegistrationAbandoned']);
  });

  it('a registration that was merely slow cannot complete after its claim was released (no second account for the address)', async () => {
    const late = await t.infra.store.readStream(userStream(abandonedId));
    expect(late).toHaveLength(1);
    await expect(
      handleCommand(t.infra.store, userStream(abandonedId), userDecider, {
        type: 'RegisterUser',
        data: { userId: abandonedId, email: body.email, passwordHash: 'x', country: 'BR', ref: null, lang: null, consent: true, now: t.clock.now().toISOString() },
      }, { correlationId: 'crash-test', actor: 'system', origin: 'web' }),
    ).rejects.toMatchObject({ code: 'email-already-in-use' });
  });

  it('never releases the claim of an account that was recorded, however old the claim', async () => {
    const email = 'slow.but.done@example.com';
    const userId = await crashAfterClaim(email);
    // the slow registration finished after all
    await handleCommand(t.infra.store, userStream(userId), userDecider, {
      type: 'RegisterUser',
      data: { userId, email, passwordHash: 'x', country: 'BR', ref: null, lang: null, consent: true, now: t.clock.now().toISOString() },
    }, { correlationId: 'crash-test', actor: 'system', origin: 'web' });
    t.clock.advance(ABANDONED_CLAIM_AFTER_MS * 10);
    const res = await t.request('POST', '/api/createUserRegister', { body: { ...body, email } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email-already-in-use');
    expect((await t.infra.store.readStream(emailStream(emailKey(email)))).map((e) => e.type)).toEqual(['EmailClaimed']);
  });
});
