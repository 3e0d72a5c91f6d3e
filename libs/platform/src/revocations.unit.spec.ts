import { describe, expect, it } from 'vitest';
import { RevocationList } from './revocations.js';

const TTL_MS = 900_000;
const at = (iso: string) => new Date(iso);
const sec = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('revocation list', () => {
  it('refuses every token of a revoked session, and no other session of the user', () => {
    const list = new RevocationList(TTL_MS);
    list.add({ key: 'session:s1', notBefore: null, revokedAt: at('2026-11-24T10:00:00Z') });
    expect(list.isRevoked({ sub: 'u1', sid: 's1', iat: sec('2026-11-24T09:59:00Z') })).toBe(true);
    // even one issued later (another instance's clock ahead)
    expect(list.isRevoked({ sub: 'u1', sid: 's1', iat: sec('2026-11-24T10:00:30Z') })).toBe(true);
    expect(list.isRevoked({ sub: 'u1', sid: 's2', iat: sec('2026-11-24T09:59:00Z') })).toBe(false);
  });

  it('refuses a user\'s tokens issued up to the not-before instant, and accepts later ones, also in the same second', () => {
    const list = new RevocationList(TTL_MS);
    list.add({ key: 'user:u1', notBefore: at('2026-11-24T10:00:00.500Z'), revokedAt: at('2026-11-24T10:00:00.500Z') });
    const iatOf = (iso: string) => Date.parse(iso) / 1000;
    expect(list.isRevoked({ sub: 'u1', sid: 'any', iat: iatOf('2026-11-24T09:50:00Z') })).toBe(true);
    expect(list.isRevoked({ sub: 'u1', sid: 'any', iat: iatOf('2026-11-24T10:00:00.400Z') })).toBe(true);
    // a sign-in right after a reset gets a working token (the issuer writes iat to the millisecond)
    expect(list.isRevoked({ sub: 'u1', sid: 'any', iat: iatOf('2026-11-24T10:00:00.600Z') })).toBe(false);
    // a whole-second iat (a token from before millisecond iat) counts from the start of its second
    expect(list.isRevoked({ sub: 'u1', sid: 'any', iat: sec('2026-11-24T10:00:00.900Z') })).toBe(true);
    expect(list.isRevoked({ sub: 'u2', sid: 'any', iat: iatOf('2026-11-24T09:50:00Z') })).toBe(false);
  });

  it('keeps the latest not-before of a user', () => {
    const list = new RevocationList(TTL_MS);
    list.add({ key: 'user:u1', notBefore: at('2026-11-24T11:00:00Z'), revokedAt: at('2026-11-24T11:00:00Z') });
    list.add({ key: 'user:u1', notBefore: at('2026-11-24T10:00:00Z'), revokedAt: at('2026-11-24T10:00:00Z') });
    expect(list.isRevoked({ sub: 'u1', iat: sec('2026-11-24T10:30:00Z') })).toBe(true);
  });

  it('forgets an entry once every token it refuses has expired', () => {
    const list = new RevocationList(TTL_MS);
    list.add({ key: 'session:s1', notBefore: null, revokedAt: at('2026-11-24T10:00:00Z') });
    list.prune(Date.parse('2026-11-24T10:14:59Z'));
    expect(list.size).toBe(1);
    list.prune(Date.parse('2026-11-24T10:15:01Z'));
    expect(list.size).toBe(0);
  });
});
