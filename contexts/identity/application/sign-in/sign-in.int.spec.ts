import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';

let t: TestApp;
let joaoId: string;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.request('POST', '/api/createUserRegister', {
    body: { email: 'joao@example.com', password: 'Corr3ct!horse', country: 'BR', consent: true },
  });
  expect(res.statusCode).toBe(201);
  joaoId = res.json().userId;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/signIn', () => {
  it('issues an access token that opens /userData', async () => {
    const res = await t.request('POST', '/api/auth/signIn', { body: { email: 'JOAO@example.com', password: 'Corr3ct!horse' } });
    expect(res.statusCode).toBe(200);
    const token: string = res.json().accessToken;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: res.json().userId, roles: ['learner'], registerStatus: 'None', emailVerified: false });
    expect(JSON.stringify(claims)).not.toMatch(/argon2|passwordHash/);
    const me = await t.request('GET', '/api/userData', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('joao@example.com');
  });

  it('answers invalid-credential alike for a wrong password and an unknown e-mail', async () => {
    const wrong = await t.request('POST', '/api/auth/signIn', { body: { email: 'joao@example.com', password: 'Wrong!pass1' } });
    const unknown = await t.request('POST', '/api/auth/signIn', { body: { email: 'nobody@example.com', password: 'Wrong!pass1' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('invalid-credential');
  });

  it('spends comparable time on unknown e-mails and wrong passwords (no enumeration by timing)', async () => {
    const time = async (email: string) => {
      // past the pair's growing wait (ADR 0032), so every try checks a password
      t.clock.advance(16 * 60_000);
      const start = performance.now();
      await t.request('POST', '/api/auth/signIn', { body: { email, password: 'Wrong!pass1' } });
      return performance.now() - start;
    };
    await time('nobody@example.com'); // warm the dummy hash
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('joao@example.com'));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    // both paths run one argon2id verification (tens of ms); without it an unknown address would
    // answer in about a millisecond. The margin absorbs a busy machine's noise.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
  });

  it('records failed and successful sign-ins on the user stream', async () => {
    const events = await t.infra.store.readStream(`identity.user-${joaoId}`);
    expect(events.some((e) => e.type === 'SignInFailed')).toBe(true);
    expect(events.some((e) => e.type === 'SignInSucceeded')).toBe(true);
  });
});

describe('GET /api/userData access', () => {
  it('refuses a signed-out caller with 401', async () => {
    const res = await t.request('GET', '/api/userData');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: '401' });
  });
  it('refuses a guest (x-guest-id only) with 401', async () => {
    const res = await t.request('GET', '/api/userData', { headers: { 'x-guest-id': '0193a8c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b' } });
    expect(res.statusCode).toBe(401);
  });
  it('refuses a forged token', async () => {
    const res = await t.request('GET', '/api/userData', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid-user-token');
  });
});
