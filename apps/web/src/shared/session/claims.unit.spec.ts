import { describe, expect, it } from 'vitest';
import { claimsFromToken, decodeJwtPayload } from './claims';

const base64Url = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const tokenOf = (payload: unknown): string => `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;

describe('decodeJwtPayload', () => {
  it('reads the payload of a compact JWT, UTF-8 included', () => {
    expect(decodeJwtPayload(tokenOf({ sub: 'u1', email: 'joão@exemplo.com' }))).toEqual({ sub: 'u1', email: 'joão@exemplo.com' });
  });

  it('answers undefined for anything else', () => {
    expect(decodeJwtPayload('not-a-token')).toBeUndefined();
    expect(decodeJwtPayload('a.b')).toBeUndefined();
    expect(decodeJwtPayload('a.%%%.c')).toBeUndefined();
    expect(decodeJwtPayload(`x.${base64Url([1, 2])}.y`)).toBeUndefined();
  });
});

describe('claimsFromToken', () => {
  it('reads every claim the guards and checks need', () => {
    const claims = claimsFromToken(
      tokenOf({
        sub: 'u1',
        sid: 's1',
        email: 'ana@example.com',
        roles: ['company_manager', 'not-a-role'],
        permissions: ['view_manager_dashboard', 42],
        aclTags: ['dist:all'],
        companyId: 'c1',
        country: 'AR',
        allowedStations: { soja: true, milho: false },
        registerStatus: 'Completed',
        emailVerified: true,
        exp: 1_900_000_000,
      }),
    );
    expect(claims).toEqual({
      userId: 'u1',
      sessionId: 's1',
      email: 'ana@example.com',
      roles: ['company_manager'],
      permissions: ['view_manager_dashboard'],
      aclTags: ['dist:all'],
      companyId: 'c1',
      country: 'AR',
      allowedStations: { soja: true },
      registerStatus: 'Completed',
      emailVerified: true,
      expiresAt: 1_900_000_000_000,
    });
  });

  it('reads missing claims as the least access', () => {
    expect(claimsFromToken(tokenOf({ sub: 'u2' }))).toEqual({
      userId: 'u2',
      sessionId: null,
      email: '',
      roles: [],
      permissions: [],
      aclTags: [],
      companyId: null,
      country: null,
      allowedStations: {},
      registerStatus: 'None',
      emailVerified: false,
      expiresAt: null,
    });
    expect(claimsFromToken(tokenOf({ sub: 'u3', allowedStations: 'all', registerStatus: 'Weird', emailVerified: 'yes' }))).toMatchObject({
      allowedStations: 'all',
      registerStatus: 'None',
      emailVerified: false,
    });
  });

  it('needs a subject', () => {
    expect(claimsFromToken(tokenOf({ email: 'x@example.com' }))).toBeUndefined();
    expect(claimsFromToken('garbage')).toBeUndefined();
  });
});
