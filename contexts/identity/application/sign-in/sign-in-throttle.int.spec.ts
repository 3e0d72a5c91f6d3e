import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { STRONG_PASSWORD, registerUser } from '@portal/testing/identity';

/**
 * Sign-in throttling over HTTP (ADR 0032, issue 11 defect 6). The app trusts X-Forwarded-For here,
 * so each request can come from its own client address.
 */
let t: TestApp;
const START = '2026-11-21T12:00:00.000Z';
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});

const signIn = (email: string, password: string, from: string) =>
  t.request('POST', '/api/auth/signIn', { body: { email, password }, headers: { 'x-forwarded-for': from } });
const status = async (email: string, password: string, from: string) => (await signIn(email, password, from)).statusCode;

describe('one address cannot lock out everyone behind it', () => {
  it('20 failures with random unknown e-mails from an office address leave its users able to sign in', async () => {
    t.clock.set(START);
    await registerUser(t, 'office.user@example.com');
    for (let i = 0; i < 20; i++) {
      const res = await signIn(`random-${i}-${Math.random().toString(36).slice(2)}@example.com`, 'Wrong!pass1', '198.51.100.7');
      expect(res.json().code).toBe('invalid-credential');
    }
    expect(await status('office.user@example.com', STRONG_PASSWORD, '198.51.100.7')).toBe(200);
  });

  it('slows spraying from one address after 100 failures, but not a user who signed in there before', async () => {
    t.clock.set(START);
    await registerUser(t, 'regular@example.com');
    await registerUser(t, 'newcomer@example.com');
    expect(await status('regular@example.com', STRONG_PASSWORD, '198.51.100.8')).toBe(200);
    for (let i = 0; i < 100; i++) expect(await status(`spray-${i}@example.com`, 'Wrong!pass1', '198.51.100.8')).toBe(401);
    const held = await signIn('newcomer@example.com', STRONG_PASSWORD, '198.51.100.8');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('36');
    expect(await status('regular@example.com', STRONG_PASSWORD, '198.51.100.8')).toBe(200);
    // another address is not concerned, and the wait is a wait, not a lockout
    expect(await status('newcomer@example.com', STRONG_PASSWORD, '203.0.113.1')).toBe(200);
    t.clock.advance(36_000);
    expect(await status('newcomer@example.com', STRONG_PASSWORD, '198.51.100.8')).toBe(200);
    // 100 password checks (argon2) on two shared cores: a timed-out test would keep running and
    // move the shared clock under the next one
  }, 300_000);
});

describe('an attacker cannot lock the owner out', () => {
  it('5 wrong passwords from an attacker address do not stop the owner at another address', async () => {
    t.clock.set(START);
    await registerUser(t, 'victim@example.com');
    for (let i = 0; i < 5; i++) await signIn('victim@example.com', `Wrong!pass${i}`, '192.0.2.66');
    expect(await status('victim@example.com', STRONG_PASSWORD, '203.0.113.20')).toBe(200);
  });

  it('guessing spread over many addresses meets the account ceiling, which the owner at a known address does not', async () => {
    t.clock.set(START);
    await registerUser(t, 'spread@example.com');
    expect(await status('spread@example.com', STRONG_PASSWORD, '203.0.113.30')).toBe(200);
    for (let i = 0; i < 20; i++) expect(await status('spread@example.com', 'Wrong!pass1', `192.0.2.${i + 1}`)).toBe(401);
    const held = await signIn('spread@example.com', 'Wrong!pass1', '192.0.2.200');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('360');
    expect(await status('spread@example.com', STRONG_PASSWORD, '203.0.113.30')).toBe(200);
  });
});

describe('the (account, address) pair', () => {
  it('is slowed with growing waits, named in Retry-After, that hold even the right password', async () => {
    t.clock.set(START);
    await registerUser(t, 'slowed@example.com');
    const from = '192.0.2.77';
    for (let i = 0; i < 4; i++) expect(await status('slowed@example.com', 'Wrong!pass1', from)).toBe(401);
    const waits: string[] = [];
    for (const seconds of [30, 60, 120, 240]) {
      const held = await signIn('slowed@example.com', STRONG_PASSWORD, from);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toMatchObject({ code: 'too-many-requests', params: { retryAfterSeconds: seconds, retryAfterMinutes: Math.ceil(seconds / 60) } });
      waits.push(String(held.headers['retry-after']));
      t.clock.advance(seconds * 1000);
      expect(await status('slowed@example.com', 'Wrong!pass1', from)).toBe(401);
    }
    expect(waits).toEqual(['30', '60', '120', '240']);
    t.clock.advance(480_000);
    expect(await status('slowed@example.com', STRONG_PASSWORD, from)).toBe(200);
    // a success forgets the pair's failures
    for (let i = 0; i < 4; i++) expect(await status('slowed@example.com', 'Wrong!pass1', from)).toBe(401);
  });

  it('treats unknown e-mails like known ones (no enumeration) and records nothing for held attempts', async () => {
    t.clock.set(START);
    const known = await registerUser(t, 'known@example.com');
    const run = async (email: string) => {
      const answers: Array<[number, unknown]> = [];
      for (let i = 0; i < 6; i++) {
        const res = await signIn(email, 'Wrong!pass1', '192.0.2.88');
        answers.push([res.statusCode, res.headers['retry-after']]);
      }
      return answers;
    };
    expect(await run('known@example.com')).toEqual(await run('unknown-person@example.com'));
    const events = await t.infra.store.readStream(`identity.user-${known.userId}`);
    expect(events.filter((e) => e.type === 'SignInFailed')).toHaveLength(4);
  });

  it('counts parallel attempts one by one', async () => {
    t.clock.set(START);
    await registerUser(t, 'parallel@example.com');
    const answers = await Promise.all(Array.from({ length: 10 }, () => status('parallel@example.com', 'Wrong!pass1', '192.0.2.99')));
    expect(answers.filter((s) => s === 401)).toHaveLength(4);
    expect(answers.filter((s) => s === 429)).toHaveLength(6);
  });

  it('keeps neither the e-mail nor the address in the throttle table', async () => {
    const rows = await t.db.database.db.selectFrom('identity_sign_in_throttle').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    expect(dump).not.toMatch(/@example\.com|192\.0\.2|198\.51\.100|203\.0\.113/);
  });
});
