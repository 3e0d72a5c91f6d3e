import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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

/** Short-lived bearer access tokens (HS256, jose) carrying what guards need without a lookup. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    private readonly issuer = 'agro-portal',
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: AccessClaims): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(this.issuer)
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  /** The principal of a valid token; 401 id-token-expired or invalid-user-token otherwise. */
  async verify(token: string): Promise<Extract<Principal, { kind: 'user' }>> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: this.issuer, algorithms: ['HS256'] });
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
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('id-token-expired');
      throw new AppError('invalid-user-token');
    }
  }
}
