import type { Permission, Role } from './roles.js';

/** Who is acting; stored on every event as metadata.actor. */
export type Principal =
  | {
      kind: 'user';
      userId: string;
      email: string;
      roles: Role[];
      permissions: Permission[];
      aclTags: string[];
      companyId: string | null;
      country: string | null;
      allowedStations: Record<string, true> | 'all';
      registerStatus: RegisterStatus;
      emailVerified: boolean;
      sessionId: string;
    }
  | { kind: 'guest'; guestId: string }
  | { kind: 'system'; name: string };

export type RegisterStatus = 'None' | 'UserProfile' | 'Completed';

export const actorOf = (p: Principal): string =>
  p.kind === 'user' ? p.userId : p.kind === 'guest' ? `guest:${p.guestId}` : 'system';
