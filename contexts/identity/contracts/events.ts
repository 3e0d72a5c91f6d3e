/**
 * Stored event shapes of the identity context (type names are explicit strings; a changed shape
 * gets a new schema version and an upcaster). Projections read events through these types.
 */
import type { Locale, Permission, RegisterStatus, Role } from '@portal/kernel';

export interface EmailClaimed {
  type: 'EmailClaimed';
  data: { email: string; userId: string; claimedAt: string };
}
export interface EmailReleased {
  type: 'EmailReleased';
  data: { email: string; userId: string; releasedAt: string };
}
export interface UserRegistered {
  type: 'UserRegistered';
  data: {
    userId: string;
    email: string;
    /** argon2id hash; the password itself is never stored */
    passwordHash: string;
    country: string;
    ref: string | null;
    lang: Locale | null;
    consentAt: string;
    registeredAt: string;
  };
}
export interface AccessGranted {
  type: 'AccessGranted';
  data: {
    userId: string;
    roles: Role[];
    permissions: Permission[];
    aclTags: string[];
    companyId: string | null;
    allowedStations: Record<string, true> | 'all';
    grantedAt: string;
  };
}
export interface EmailVerified {
  type: 'EmailVerified';
  data: { userId: string; email: string; verifiedAt: string };
}
export interface ProfileUpdated {
  type: 'ProfileUpdated';
  data: {
    userId: string;
    name?: string | null;
    actingArea?: string | null;
    userType?: string | null;
    company?: string | null;
    isInnerEmployee?: boolean | null;
    defaultStation?: string | null;
    registerStatus?: RegisterStatus;
    updatedAt: string;
  };
}
export interface SignInSucceeded {
  type: 'SignInSucceeded';
  data: { userId: string; sessionId: string; at: string; ip: string | null };
}
export interface SignInFailed {
  type: 'SignInFailed';
  data: { userId: string; at: string; ip: string | null; reason: 'invalid-credential' };
}

export type UserEvent = UserRegistered | AccessGranted | EmailVerified | ProfileUpdated | SignInSucceeded | SignInFailed;
export type EmailClaimEvent = EmailClaimed | EmailReleased;
export type IdentityEvent = UserEvent | EmailClaimEvent;

export const USER_EVENT_TYPES: UserEvent['type'][] = [
  'UserRegistered',
  'AccessGranted',
  'EmailVerified',
  'ProfileUpdated',
  'SignInSucceeded',
  'SignInFailed',
];

export const userStream = (userId: string) => `identity.user-${userId}`;
/** Consistency stream that makes an e-mail address unique across users. */
export const emailStream = (emailKey: string) => `identity.email-${emailKey}`;
