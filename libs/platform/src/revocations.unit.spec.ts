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

  it('refuses a user\'s tokens issued up to the not-before second, and accepts later ones', () => {
    const list = new RevocationList(TTL_MS);
    list.add({ key: 'user:u1', notBefore: at('2026-11-24T10:00:00.500Z'), revokedAt: at('2026-11-24T10:00:00.500Z') });
    expect(list.isRevoked({ sub: 'u1', sid: 'any', iat: sec('2026-11-24T09:50:00Z') })).toBe(true);
    // the same second is refused: iat has no finer grain, and refusing a fresh token only costs a refresh
    expect(list.isRevoked({ sub: 'u1', sid: 'any', iat: sec('2026-11-24T10:00:00.900Z') })).toBe(true);
    expect(list.isRevoked({ sub: 'u1', sid: 'any', iat: sec('2026-11-24T10:00:01Z') })).toBe(false);
    expect(list.isRevoked({ sub: 'u2', sid: 'any', iat: sec('2026-11-24T09:50:00Z') })).toBe(false);
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
