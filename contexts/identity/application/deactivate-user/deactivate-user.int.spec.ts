import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { lastMail, signIn, STRONG_PASSWORD, type TestUser } from '@portal/testing/identity';
import { clockToRealTime, createCompany, staff } from '../../testing/user-admin-kit.js';

/**
 * Deactivation (issue 14, ADR 0050): sign-in refused with user-disabled (password and link),
 * refresh refused, every session revoked, existing access tokens refused within 5 s on every
 * instance; reactivation lets the user sign in again.
 */
const REFUSED_WITHIN_MS = 5000;

const userData = (t: TestApp, token: string) => t.request('GET', '/api/userData', { token });
async function refusedWithin(t: TestApp, token: string, ms = REFUSED_WITHIN_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await userData(t, token);
    if (res.statusCode === 401 || Date.now() >= deadline) return { statusCode: res.statusCode, code: res.statusCode === 401 ? res.json().code : null };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const refresh = (t: TestApp, u: TestUser) => t.request('POST', '/api/auth/refresh', { headers: { cookie: `portal_refresh=${encodeURIComponent(u.refresh)}` } });

describe('one instance', () => {
  let t: TestApp;
  let A: string;
  let manager: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    A = await createCompany(t, 'Alfa');
    manager = await staff(t, 'manager@alfa.test', { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: A });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the token at once, the refresh, the password and the sign-in link; every session is revoked', async () => {
    clockToRealTime(t);
    const u = await staff(t, 'leaving@alfa.test', { roles: ['learner'], companyId: A });
    const second = await signIn(t, u.email, STRONG_PASSWORD);
    await new Promise((resolve) => setTimeout(resolve, 5));
    clockToRealTime(t);
    const res = await t.request('POST', `/api/manage-users/users/${u.userId}/deactivate`, { token: manager.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: u.userId, created: false, hasAccount: true, active: false, invitationSent: false });
    for (const token of [u.token, second.token]) expect(await refusedWithin(t, token, 0)).toEqual({ statusCode: 401, code: 'invalid-user-token' });
    for (const session of [u, second]) expect((await refresh(t, session)).statusCode).toBe(401);

    const password = await t.request('POST', '/api/auth/signIn', { body: { email: u.email, password: STRONG_PASSWORD } });
    expect(password.statusCode).toBe(403);
    expect(password.json().code).toBe('user-disabled');
    // a wrong password says nothing more than before
    expect((await t.request('POST', '/api/auth/signIn', { body: { email: u.email, password: 'Wr0ng!pass' } })).json().code).toBe('invalid-credential');
    // no link is mailed (same answer as for any address)
    const mailsBefore = (await t.infra.mailer.list({ to: u.email, limit: 50 })).length;
    expect((await t.request('POST', '/api/auth/sendSignInLink', { body: { email: u.email } })).statusCode).toBe(200);
    expect((await t.infra.mailer.list({ to: u.email, limit: 50 })).length).toBe(mailsBefore);

    for (const session of [u, second]) {
      const events = await t.infra.store.readStream(`identity.session-${session.refresh.split('.')[0]}`);
      expect(events.at(-1)).toMatchObject({ type: 'SessionRevoked', data: { reason: 'user-deactivated' }, metadata: { actor: manager.userId } });
    }
  });

  it('a sign-in link mailed before the deactivation cannot be used', async () => {
    const u = await staff(t, 'link.holder@alfa.test', { roles: ['learner'], companyId: A });
    expect((await t.request('POST', '/api/auth/sendSignInLink', { body: { email: u.email } })).statusCode).toBe(200);
    const { link } = await lastMail(t, u.email);
    const code = new URL(link!).searchParams.get('code');
    expect((await t.request('POST', `/api/manage-users/users/${u.userId}/deactivate`, { token: manager.token })).statusCode).toBe(200);
    const res = await t.request('POST', '/api/auth/signInWithLink', { body: { code } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('user-disabled');
  });

  it('reactivated, the user signs in again and the new token works', async () => {
    clockToRealTime(t);
    const u = await staff(t, 'coming.back@alfa.test', { roles: ['learner'], companyId: A });
    clockToRealTime(t);
    expect((await t.request('POST', `/api/manage-users/users/${u.userId}/deactivate`, { token: manager.token })).statusCode).toBe(200);
    const back = await t.request('POST', `/api/manage-users/users/${u.userId}/reactivate`, { token: manager.token });
    expect(back.json()).toMatchObject({ active: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await signIn(t, u.email, STRONG_PASSWORD);
    expect((await userData(t, fresh.token)).statusCode).toBe(200);
    // the old token stays refused
    expect((await userData(t, u.token)).statusCode).toBe(401);
  });

  it('deactivating twice changes nothing the second time', async () => {
    const u = await staff(t, 'twice@alfa.test', { roles: ['learner'], companyId: A });
    for (let i = 0; i < 2; i += 1) expect((await t.request('POST', `/api/manage-users/users/${u.userId}/deactivate`, { token: manager.token })).statusCode).toBe(200);
    const events = (await t.infra.store.readStream(`identity.user-${u.userId}`)).filter((e) => e.type === 'UserDeactivated');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ by: manager.userId });
  });
});

/** Two instances need two processes' worth of connections on one database: a Postgres server. */
const server = process.env.TEST_DATABASE_URL;
const NOT_RUN = 'two-instance deactivation test not run: it needs a Postgres server (set TEST_DATABASE_URL)';

describe('two API instances on one Postgres database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!server) return;
    a = await startTestApp();
    b = await startTestApp({}, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a user deactivated on one instance has their existing access tokens refused on both within 5 s', async () => {
    if (!server) return console.info(NOT_RUN);
    const A = await createCompany(a, 'Alfa');
    const manager = await staff(a, 'manager@two.test', { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: A });
    clockToRealTime(a);
    clockToRealTime(b);
    const u = await staff(a, 'two.instances@two.test', { roles: ['learner'], companyId: A });
    const onB = await signIn(b, u.email, STRONG_PASSWORD);
    for (const t of [a, b]) for (const token of [u.token, onB.token]) expect((await userData(t, token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    clockToRealTime(a);
    const started = Date.now();
    expect((await a.request('POST', `/api/manage-users/users/${u.userId}/deactivate`, { token: manager.token })).statusCode).toBe(200);
    for (const t of [b, a]) {
      for (const token of [u.token, onB.token]) expect(await refusedWithin(t, token, REFUSED_WITHIN_MS - (Date.now() - started))).toEqual({ statusCode: 401, code: 'invalid-user-token' });
    }
    expect(Date.now() - started).toBeLessThan(REFUSED_WITHIN_MS);
    expect((await b.request('POST', '/api/auth/signIn', { body: { email: u.email, password: STRONG_PASSWORD } })).json().code).toBe('user-disabled');
  });
});
