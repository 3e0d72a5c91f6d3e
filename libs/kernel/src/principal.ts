import type { Permission, Role } from './roles.js';

/**
 * What a signed-in user may do and see, as the access token carries it (000 §3 "auth user", §6):
 * the one shape of the principal's user, the token's claims (libs/platform `AccessClaims`) and the
 * SPA's claims (`AuthClaims`), each adding only its own ids.
 */
export interface UserClaims {
  email: string;
  roles: Role[];
  permissions: Permission[];
  aclTags: string[];
  companyId: string | null;
  country: string | null;
  allowedStations: Record<string, true> | 'all';
  registerStatus: RegisterStatus;
  emailVerified: boolean;
}

/** Who is acting; stored on every event as metadata.actor. */
export type Principal =
  | ({ kind: 'user'; userId: string; sessionId: string } & UserClaims)
  | { kind: 'guest'; guestId: string }
  | { kind: 'system'; name: string };

export type RegisterStatus = 'None' | 'UserProfile' | 'Completed';

export const actorOf = (p: Principal): string =>
  p.kind === 'user' ? p.userId : p.kind === 'guest' ? `guest:${p.guestId}` : 'system';
