import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, useTwoInstances, type TestApp } from '@portal/testing/app';
import { lastMail, registerUser, signIn, STRONG_PASSWORD, tokenRefusedWithin, type TestUser } from '@portal/testing/identity';

/**
 * A revoked session's access tokens are refused within seconds on every API instance (issue 11,
 * defect 5; ADR 0031), driven as an outside tester would: sign in, keep the bearer token, sign out
 * (or reset the password), and read /api/userData with the old token.
 */
const REFUSED_WITHIN_MS = 5000;

const userData = (t: TestApp, token: string) => t.request('GET', '/api/userData', { token });

const refusedWithin = (t: TestApp, token: string, ms = REFUSED_WITHIN_MS) => tokenRefusedWithin(t, token, ms);

const signOut = (t: TestApp, u: TestUser) =>
  t.request('POST', '/api/auth/logoff', { token: u.token, body: {}, headers: { cookie: `portal_refresh=${encodeURIComponent(u.refresh)}` } });

async function resetPassword(t: TestApp, email: string, newPassword: string): Promise<void> {
  expect((await t.request('POST', '/api/sendPasswordReset', { body: { email } })).statusCode).toBe(200);
  const { oobCode } = await lastMail(t, email);
  const res = await t.request('POST', '/api/applyActionCode', { body: { mode: 'resetPassword', oobCode, newPassword } });
  expect(res.statusCode).toBe(200);
}

describe('one instance (PGlite or Postgres server)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the bearer token of a signed-out session at once, and only that session', async () => {
    const u = await registerUser(t, 'signed.out@example.com');
    const other = await signIn(t, u.email, STRONG_PASSWORD);
    expect((await userData(t, u.token)).statusCode).toBe(200);
    expect((await signOut(t, u)).statusCode).toBe(204);
    const after = await userData(t, u.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('invalid-user-token');
    // the user's other device keeps working
    expect((await userData(t, other.token)).statusCode).toBe(200);
  });

  it('refuses every token issued before a password reset; a sign-in with the new password works, also right after', async () => {
    const u = await registerUser(t, 'reset.one@example.com');
    const second = await signIn(t, u.email, STRONG_PASSWORD);
    // the reset is stamped just after a whole second, a little ahead of the real clock that
    // issues tokens; the new sign-in then comes after it in the same second
    const resetAt = Math.ceil(Date.now() / 1000) * 1000 + 2000 + 50;
    t.clock.set(new Date(resetAt).toISOString());
    await resetPassword(t, u.email, 'N3w!password');
    for (const token of [u.token, second.token]) expect(await refusedWithin(t, token, 0)).toEqual({ statusCode: 401, code: 'invalid-user-token' });
    while (Date.now() <= resetAt) await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await signIn(t, u.email, 'N3w!password');
    expect((await userData(t, fresh.token)).statusCode).toBe(200);
    // once the projection's user-wide revocation is read too, the fresh token still works
    await t.infra.projections.catchUp();
    await t.infra.revocations.poll();
    expect((await userData(t, fresh.token)).statusCode).toBe(200);
    for (const token of [u.token, second.token]) expect((await userData(t, token)).statusCode).toBe(401);
  });
});

/** Two instances need two processes' worth of connections on one database: a Postgres server. */
const server = process.env.TEST_DATABASE_URL;
const NOT_RUN = 'two-instance revocation tests not run: they need a Postgres server (set TEST_DATABASE_URL)';

describe('two API instances on one Postgres database', () => {
  const two = useTwoInstances();
  let a: TestApp;
  let b: TestApp;
  beforeAll(() => {
    [a, b] = two.instances() ?? ([undefined, undefined] as unknown as [TestApp, TestApp]);
  });

  it('a session signed out on one instance is refused on both within 5 s', async () => {
    if (!server) return console.info(NOT_RUN);
    const u = await registerUser(a, 'two.instances@example.com');
    // the token works on both before
    expect((await userData(a, u.token)).statusCode).toBe(200);
    expect((await userData(b, u.token)).statusCode).toBe(200);
    expect((await signOut(a, u)).statusCode).toBe(204);
    expect(await refusedWithin(a, u.token)).toEqual({ statusCode: 401, code: 'invalid-user-token' });
    expect(await refusedWithin(b, u.token)).toEqual({ statusCode: 401, code: 'invalid-user-token' });
  });

  it('the same the other way round: signed out on the second instance, refused on the first', async () => {
    if (!server) return console.info(NOT_RUN);
    const u = await registerUser(b, 'other.way@example.com');
    expect((await userData(a, u.token)).statusCode).toBe(200);
    expect((await signOut(b, u)).statusCode).toBe(204);
    expect(await refusedWithin(a, u.token)).toEqual({ statusCode: 401, code: 'invalid-user-token' });
    expect(await refusedWithin(b, u.token)).toEqual({ statusCode: 401, code: 'invalid-user-token' });
  });

  it('a password reset on one instance refuses the tokens of every earlier session on both within 5 s', async () => {
    if (!server) return console.info(NOT_RUN);
    const u = await registerUser(a, 'two.reset@example.com');
    const onB = await signIn(b, u.email, STRONG_PASSWORD);
    for (const t of [a, b]) for (const token of [u.token, onB.token]) expect((await userData(t, token)).statusCode).toBe(200);
    await resetPassword(b, u.email, 'N3w!password');
    for (const t of [a, b]) {
      for (const token of [u.token, onB.token]) expect(await refusedWithin(t, token)).toEqual({ statusCode: 401, code: 'invalid-user-token' });
    }
    const fresh = await signIn(a, u.email, 'N3w!password');
    for (const t of [a, b]) expect((await userData(t, fresh.token)).statusCode).toBe(200);
  });

  it('an instance started after the revocation refuses the token too', async () => {
    if (!server) return console.info(NOT_RUN);
    const u = await registerUser(a, 'late.instance@example.com');
    expect((await signOut(a, u)).statusCode).toBe(204);
    // let the projection record it, then start a third instance that never saw the sign-out
    await a.infra.projections.catchUp();
    const c = await startTestApp({}, { sameDatabaseAs: a });
    try {
      expect(await refusedWithin(c, u.token, 0)).toEqual({ statusCode: 401, code: 'invalid-user-token' });
    } finally {
      await c.close();
    }
  });
});
