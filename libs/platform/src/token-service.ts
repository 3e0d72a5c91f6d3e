import { createHmac } from 'node:crypto';
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
/** The audience of the document token (ADR 0090): a document request's signed-in user, never an API call. */
export const DOCUMENT_AUDIENCE = 'portal-document';

/** What a document token says, once verified: the user's claims, or why there is no user. */
export type DocumentSession =
  | {
      kind: 'user';
      principal: Extract<Principal, { kind: 'user' }>;
      claims: Record<string, unknown>;
      /**
       * False when the user's tokens issued before a change of access or a deactivation are refused
       * (a user-level revocation, ADR 0031): the session is still good, the claims are not. The
       * caller reads the user's claims again (DocumentRenderer) and renders signed out when the
       * account is no longer active.
       */
      claimsCurrent: boolean;
    }
  /** its session was revoked (signed out, password reset, expired): the document is rendered signed out */
  | { kind: 'revoked' }
  /** expired, forged or missing: the server cannot tell who it is */
  | { kind: 'unknown' };

export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly check: (token: string) => Record<string, unknown>;
  private readonly signDocument: (payload: Record<string, unknown>) => string;
  private readonly checkDocument: (token: string) => Record<string, unknown>;
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
    // the document token's key is derived from the secret under its own label: neither verifier
    // accepts the other's tokens, whatever they claim (ADR 0090)
    const documentKey = createHmac('sha256', key).update('portal-document-token/v1').digest();
    this.signDocument = createSigner({ key: documentKey, algorithm: 'HS256', iss: issuer, aud: DOCUMENT_AUDIENCE, expiresIn: accessTtlSeconds * 1000 });
    this.checkDocument = createVerifier({ key: documentKey, algorithms: ['HS256'], allowedIss: issuer, allowedAud: DOCUMENT_AUDIENCE });
    this.revocations = options.revocations ?? new RevocationList(accessTtlSeconds * 1000 + REVOCATION_CLOCK_SKEW_MS);
  }

  async issue(claims: AccessClaims): Promise<string> {
    // `iat` is whole seconds; `iatMs` keeps the millisecond: a user revoked up to an instant
    // refuses the tokens issued before it, not those issued later in the same second (ADR 0031)
    return this.sign({ ...claims, iatMs: Date.now() });
  }

  /**
   * The document token (ADR 0090): the access token's claims for the httpOnly document cookie,
   * signed with a key of its own and its own audience, as short-lived as an access token.
   */
  issueDocument(claims: AccessClaims): string {
    return this.signDocument({ ...claims, iatMs: Date.now() });
  }

  /** Who a document request is: the claims of a valid document token of a session that was not revoked. */
  verifyDocument(token: string | undefined): DocumentSession {
    if (!token) return { kind: 'unknown' };
    let payload: Record<string, unknown>;
    try {
      payload = this.checkDocument(token);
    } catch {
      return { kind: 'unknown' };
    }
    const issuedAtMs = typeof payload.iatMs === 'number' ? payload.iatMs : typeof payload.iat === 'number' ? payload.iat * 1000 : 0;
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    if (typeof payload.sub !== 'string' || sid === null || this.isRevoked({ userId: '', sessionId: sid, issuedAtMs })) return { kind: 'revoked' };
    const claimsCurrent = !this.isRevoked({ userId: payload.sub, sessionId: null, issuedAtMs });
    return { kind: 'user', principal: principalOf(payload), claims: payload, claimsCurrent };
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
    return { principal: principalOf(payload), issuedAtMs: (issuedAt ?? 0) * 1000 };
  }

  /** Whether tokens of this session, issued then, are refused now (the same check as `verify`'s). */
  isRevoked(session: { userId: string; sessionId: string | null; issuedAtMs: number }): boolean {
    return this.revocations.isRevoked({ sub: session.userId, sid: session.sessionId, iat: session.issuedAtMs / 1000 });
  }
}

/** The principal a token's claims describe (an access token's, a document token's, or claims read again). */
export const principalOf = (payload: Record<string, unknown>): Extract<Principal, { kind: 'user' }> => {
  const c = payload as unknown as AccessClaims;
  return {
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
};
