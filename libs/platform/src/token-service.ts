import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { AppError, type Permission, type Principal, type RegisterStatus, type Role } from '@portal/kernel';

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
 * Short-lived bearer access tokens (HS256) carrying what guards need without a lookup. Every
 * request verifies one, so verification is synchronous HMAC (fast-jwt on node:crypto): Web Crypto
 * (jose) took about 60 µs of CPU per token and a trip through the libuv thread pool, whose wake-up
 * gave the API's CPU away on a busy machine (issue 11, docs/benchmarks.md).
 */
export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly check: (token: string) => Record<string, unknown>;
  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    issuer = 'agro-portal',
  ) {
    const key = Buffer.from(secret, 'utf8');
    this.sign = createSigner({ key, algorithm: 'HS256', iss: issuer, expiresIn: accessTtlSeconds * 1000 });
    this.check = createVerifier({ key, algorithms: ['HS256'], allowedIss: issuer });
  }

  async issue(claims: AccessClaims): Promise<string> {
    return this.sign({ ...claims });
  }

  /** The principal of a valid token; 401 id-token-expired or invalid-user-token otherwise. */
  async verify(token: string): Promise<Extract<Principal, { kind: 'user' }>> {
    let payload: Record<string, unknown>;
    try {
      payload = this.check(token);
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired) throw new AppError('id-token-expired');
      throw new AppError('invalid-user-token');
    }
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
  }
}
