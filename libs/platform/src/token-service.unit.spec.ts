import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@portal/kernel';
import { TokenService, type AccessClaims } from './token-service.js';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123456';
const claims: AccessClaims = {
  sub: 'user-1',
  sid: 'session-1',
  email: 'ana@example.com',
  roles: ['learner'],
  permissions: [],
  aclTags: ['dist:all'],
  companyId: null,
  country: 'BR',
  allowedStations: 'all',
  registerStatus: 'Completed',
  emailVerified: true,
};
const codeOf = async (p: Promise<unknown>) => p.then(() => 'accepted', (e: unknown) => (e instanceof AppError ? e.code : String(e)));
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An HS256 token signed with `secret`, built by hand (what another issuer or an attacker could send). */
const handMade = (payload: Record<string, unknown>, secret = SECRET, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};
const now = () => Math.floor(Date.now() / 1000);

describe('TokenService', () => {
  it('gives back the principal of a token it issued', async () => {
    const tokens = new TokenService(SECRET, 900);
    const principal = await tokens.verify(await tokens.issue(claims));
    expect(principal).toEqual({
      kind: 'user',
      userId: 'user-1',
      sessionId: 'session-1',
      email: 'ana@example.com',
      roles: ['learner'],
      permissions: [],
      aclTags: ['dist:all'],
      companyId: null,
      country: 'BR',
      allowedStations: 'all',
      registerStatus: 'Completed',
      emailVerified: true,
    });
  });

  it('accepts a standard HS256 token of the same issuer and secret (tokens issued before an upgrade keep working)', async () => {
    const { sub, ...rest } = claims;
    const token = handMade({ ...rest, sub, iss: 'agro-portal', iat: now(), exp: now() + 600 });
    expect((await new TokenService(SECRET, 900).verify(token)).userId).toBe('user-1');
  });

  it('refuses an expired token as id-token-expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const tokens = new TokenService(SECRET, 60);
      const token = await tokens.issue(claims);
      vi.setSystemTime(Date.now() + 61_000);
      expect(await codeOf(tokens.verify(token))).toBe('id-token-expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses another secret, another issuer, alg none, a changed payload and garbage as invalid-user-token', async () => {
    const tokens = new TokenService(SECRET, 900);
    const good = await tokens.issue(claims);
    const [header, , signature] = good.split('.');
    const forged = `${header}.${b64({ ...claims, roles: ['admin'], iss: 'agro-portal', exp: now() + 600 })}.${signature}`;
    const cases = [
      await new TokenService('another-secret-another-secret-another-1', 900).issue(claims),
      await new TokenService(SECRET, 900, { issuer: 'someone-else' }).issue(claims),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iss: 'agro-portal', exp: now() + 600 })}.`,
      handMade({ ...claims, iss: 'agro-portal', exp: now() + 600 }, SECRET, { alg: 'HS512', typ: 'JWT' }),
      forged,
      'not-a-token',
      '',
    ];
    for (const token of cases) expect(await codeOf(tokens.verify(token)), token).toBe('invalid-user-token');
  });

  it('verifies on the calling turn of the event loop, without a trip through the thread pool', async () => {
    // every request verifies a token: a thread-pool job per request (Web Crypto) costs a wake-up
    // of another thread and a later turn of the loop, which on a busy machine is where the API
    // loses its CPU (issue 11)
    const tokens = new TokenService(SECRET, 900);
    const token = await tokens.issue(claims);
    const order: string[] = [];
    const immediate = new Promise<void>((resolve) => setImmediate(() => resolve(void order.push('next turn'))));
    await Promise.all(Array.from({ length: 20 }, () => tokens.verify(token).then(() => order.push('verified'))));
    await immediate;
    expect(order.indexOf('next turn')).toBe(20);
  });
});
