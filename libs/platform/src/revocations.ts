/**
 * Access tokens refused before they expire (ADR 0031). Keys:
 * - `session:<sessionId>`: every token of the session (sign-out, password reset, refresh-token reuse);
 * - `user:<userId>`: the user's tokens issued at or before `notBefore` (a password reset; a
 *   deactivated user), so that a later sign-in, even in the same second, works again.
 * Held in memory and fed by the `revocations` projection on every instance, so checking a token
 * costs two map lookups and no database round trip. An entry is kept as long as a token it refuses
 * can still be valid: the access-token lifetime plus a margin for clock skew between instances.
 */
export type RevocationKey = `session:${string}` | `user:${string}`;

export interface Revocation {
  key: RevocationKey;
  /** user keys: tokens issued at or before this instant are refused; null (sessions): every token */
  notBefore: Date | null;
  revokedAt: Date;
}

export const sessionRevocationKey = (sessionId: string): RevocationKey => `session:${sessionId}`;
export const userRevocationKey = (userId: string): RevocationKey => `user:${userId}`;

/** Margin for clocks of different instances (issue time on one, revocation time on another). */
export const REVOCATION_CLOCK_SKEW_MS = 60_000;

interface Entry {
  /** tokens issued (`iat`, in milliseconds) at or before this are refused */
  refuseIssuedUpTo: number;
  keepUntilMs: number;
}

export class RevocationList {
  private readonly entries = new Map<string, Entry>();

  /** `keepMs`: how long a token refused by an entry can stay valid (access TTL plus skew). */
  constructor(readonly keepMs: number) {}

  add(revocation: Revocation): void {
    const refuseIssuedUpTo = revocation.notBefore === null ? Number.POSITIVE_INFINITY : revocation.notBefore.getTime();
    const keepUntilMs = Math.max(revocation.revokedAt.getTime(), revocation.notBefore?.getTime() ?? 0) + this.keepMs;
    const known = this.entries.get(revocation.key);
    this.entries.set(revocation.key, {
      refuseIssuedUpTo: Math.max(refuseIssuedUpTo, known?.refuseIssuedUpTo ?? Number.NEGATIVE_INFINITY),
      keepUntilMs: Math.max(keepUntilMs, known?.keepUntilMs ?? 0),
    });
  }

  /**
   * Whether a token with these claims is refused. `iat` in seconds as in the JWT, fractional since
   * TokenService issues it to the millisecond; an older whole-second one counts from its second.
   */
  isRevoked(claims: { sub: string; sid?: string | null; iat?: number }): boolean {
    if (this.entries.size === 0) return false;
    const iat = (claims.iat ?? 0) * 1000;
    if (claims.sid) {
      const session = this.entries.get(sessionRevocationKey(claims.sid));
      if (session && iat <= session.refuseIssuedUpTo) return true;
    }
    const user = this.entries.get(userRevocationKey(claims.sub));
    return user !== undefined && iat <= user.refuseIssuedUpTo;
  }

  /** Forgets entries whose tokens have all expired. */
  prune(nowMs: number): void {
    for (const [key, entry] of this.entries) if (entry.keepUntilMs < nowMs) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
