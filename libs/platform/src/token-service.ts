import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { AppError, type Principal, type UserClaims } from '@portal/kernel';
import { REVOCATION_CLOCK_SKEW_MS, RevocationList } from './revocations.js';

/** The access token's claims: the user's access (libs/kernel `UserClaims`), its subject and session. */
export interface AccessClaims extends UserClaims {
  sub: string;
  sid: string;
}

/**
 * Short-lived bearer access tokens (HS256) carrying what guards need without a lookup. Every
 * request verifies one, so verification is synchronous HMAC (fast-jwt on node:crypto): Web Crypto
 * (jose) took about 60 µs of CPU per token and a trip through the libuv thread pool, whose wake-up
 * gave the API's CPU away on a busy machine (issue 11, docs/benchmarks.md). A token of a revoked
 * session (or a revoked user) is refused by the in-memory revocation list, which the API keeps
 * current on every instance (ADR 0031).
 */
export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly check: (token: string) => Record<string, unknown>;
  readonly revocations: RevocationList;
  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    options: { issuer?: string; revocations?: RevocationList } = {},
  ) {
    const key = Buffer.from(secret, 'utf8');
    const issuer = options.issuer ?? 'agro-portal';
    this.sign = createSigner({ key, algorithm: 'HS256', iss: issuer, expiresIn: accessTtlSeconds * 1000 });
    this.check = createVerifier({ key, algorithms: ['HS256'], allowedIss: issuer });
    this.revocations = options.revocations ?? new RevocationList(accessTtlSeconds * 1000 + REVOCATION_CLOCK_SKEW_MS);
  }

  async issue(claims: AccessClaims): Promise<string> {
    // `iat` is whole seconds; `iatMs` keeps the millisecond: a user revoked up to an instant
    // refuses the tokens issued before it, not those issued later in the same second (ADR 0031)
    return this.sign({ ...claims, iatMs: Date.now() });
  }

  /** The principal of a valid token; 401 id-token-expired or invalid-user-token otherwise. */
  async verify(token: string): Promise<Extract<Principal, { kind: 'user' }>> {
    return (await this.verifyIssued(token)).principal;
  }

  /**
   * As `verify`, with when the token was issued (milliseconds): what the revocation list compares,
   * for a stream that outlives the request that opened it (ADR 0080).
   */
  async verifyIssued(token: string): Promise<{ principal: Extract<Principal, { kind: 'user' }>; issuedAtMs: number }> {
    let payload: Record<string, unknown>;
    try {
      payload = this.check(token);
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired) throw new AppError('id-token-expired');
      throw new AppError('invalid-user-token');
    }
    const c = payload as unknown as AccessClaims;
    const issuedAt = typeof payload.iatMs === 'number' ? payload.iatMs / 1000 : typeof payload.iat === 'number' ? payload.iat : undefined;
    if (this.revocations.isRevoked({ sub: String(payload.sub), sid: typeof c.sid === 'string' ? c.sid : null, ...(issuedAt !== undefined ? { iat: issuedAt } : {}) })) {
      throw new AppError('invalid-user-token');
    }
    const principal: Extract<Principal, { kind: 'user' }> = {
      kind: 'user',
      userId: String(payload.sub),
      email: c.email,
      roles: c.roles ?? [],
      permissions: c.permissions ?? [],
      aclTags: c.aclTags ?? [],
      companyId: c.companyId ?? null,
      country: c.country ?? null,
      allowedStations: c.allowedStations ?? {},
      registerStatus: c.registerStatus ?? 'None',
      emailVerified: c.emailVerified === true,
      sessionId: c.sid,
    };
    return { principal, issuedAtMs: (issuedAt ?? 0) * 1000 };
  }

  /** Whether tokens of this session, issued then, are refused now (the same check as `verify`'s). */
  isRevoked(session: { userId: string; sessionId: string | null; issuedAtMs: number }): boolean {
    return this.revocations.isRevoked({ sub: session.userId, sid: session.sessionId, iat: session.issuedAtMs / 1000 });
  }
}
