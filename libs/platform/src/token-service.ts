import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError, type Permission, type Principal, type RegisterStatus, type Role } from '@portal/kernel';
import { REVOCATION_CLOCK_SKEW_MS, RevocationList } from './revocations.js';

export interface AccessClaims {
  sub: string;
  email: string;
  roles: Role[];
  permissions: Permission[];
  aclTags: string[];
  companyId: string | null;
  country: string | null;
  allowedStations: Record<string, true> | 'all';
  registerStatus: RegisterStatus;
  emailVerified: boolean;
  sid: string;
}

/**
 * Short-lived bearer access tokens (HS256, jose) carrying what guards need without a lookup. A
 * token of a revoked session (or a revoked user) is refused by the in-memory revocation list,
 * which the API keeps current on every instance (ADR 0031).
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly issuer: string;
  readonly revocations: RevocationList;
  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    options: { issuer?: string; revocations?: RevocationList } = {},
  ) {
    this.key = new TextEncoder().encode(secret);
    this.issuer = options.issuer ?? 'agro-portal';
    this.revocations = options.revocations ?? new RevocationList(accessTtlSeconds * 1000 + REVOCATION_CLOCK_SKEW_MS);
  }

  async issue(claims: AccessClaims): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(this.issuer)
      // to the millisecond (a NumericDate may be fractional): a user revoked up to an instant
      // refuses the tokens issued before it, not those issued later in the same second (ADR 0031)
      .setIssuedAt(Date.now() / 1000)
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  /** The principal of a valid token; 401 id-token-expired or invalid-user-token (also revoked) otherwise. */
  async verify(token: string): Promise<Extract<Principal, { kind: 'user' }>> {
    let verified;
    try {
      verified = await jwtVerify(token, this.key, { issuer: this.issuer, algorithms: ['HS256'] });
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('id-token-expired');
      throw new AppError('invalid-user-token');
    }
    const { payload } = verified;
    const c = payload as unknown as AccessClaims;
    if (this.revocations.isRevoked({ sub: String(payload.sub), sid: typeof c.sid === 'string' ? c.sid : null, ...(payload.iat !== undefined ? { iat: payload.iat } : {}) })) {
      throw new AppError('invalid-user-token');
    }
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
  }
}
