/**
 * Stored event shapes of the identity context (type names are explicit strings; a changed shape
 * gets a new schema version and an upcaster). Projections read events through these types.
 * Secrets never appear: passwords as argon2id hashes, link and phone codes as sha256 hashes.
 */
import type { Locale, Permission, RegisterStatus, Role } from '@portal/kernel';

export type ActionMode = 'verifyEmail' | 'resetPassword' | 'recoverEmail';

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
/**
 * Closes a user stream whose registration never recorded its account (the process stopped after
 * the e-mail claim, or the account append failed), so that the claim can be released safely: a
 * registration still running can no longer append UserRegistered to this stream (ADR 0005).
 */
export interface RegistrationAbandoned {
  type: 'RegistrationAbandoned';
  data: { userId: string; email: string; reason: 'failed' | 'stale'; claimedAt: string | null; abandonedAt: string };
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
export interface EmailVerificationSent {
  type: 'EmailVerificationSent';
  data: { userId: string; email: string; codeHash: string; sentAt: string; expiresAt: string };
}
export interface EmailVerified {
  type: 'EmailVerified';
  data: { userId: string; email: string; verifiedAt: string; codeHash?: string };
}
export interface PasswordResetRequested {
  type: 'PasswordResetRequested';
  data: { userId: string; email: string; codeHash: string; requestedAt: string; expiresAt: string };
}
export interface PasswordChanged {
  type: 'PasswordChanged';
  data: { userId: string; passwordHash: string; changedAt: string; via: 'reset' | 'profile'; codeHash?: string };
}
export interface EmailChanged {
  type: 'EmailChanged';
  data: { userId: string; previousEmail: string; email: string; changedAt: string; recoverCodeHash: string; recoverExpiresAt: string };
}
export interface EmailRecovered {
  type: 'EmailRecovered';
  data: { userId: string; email: string; replacedEmail: string; recoveredAt: string; codeHash: string };
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
    country?: string;
    state?: string | null;
    city?: string | null;
    phone?: string | null;
    registerStatus?: RegisterStatus;
    updatedAt: string;
  };
}
export interface ProfilePictureChanged {
  type: 'ProfilePictureChanged';
  data: { userId: string; pictureId: string; contentType: string; size: number; changedAt: string };
}
export interface ProfilePictureRemoved {
  type: 'ProfilePictureRemoved';
  data: { userId: string; pictureId: string; removedAt: string };
}
export interface UserFlagSet {
  type: 'UserFlagSet';
  data: { userId: string; key: string; value: string | number | boolean | null; setAt: string };
}
export interface InteractionRecorded {
  type: 'InteractionRecorded';
  data: { userId: string; name: 'advertenceAlertConfirmed' | 'firstVideoContentViewed'; at: string };
}
export interface LocaleChanged {
  type: 'LocaleChanged';
  data: { userId: string; lang: Locale; changedAt: string };
}
export interface PhoneVerificationSent {
  type: 'PhoneVerificationSent';
  data: { userId: string; phone: string; codeHash: string; sentAt: string; expiresAt: string };
}
export interface PhoneLinked {
  type: 'PhoneLinked';
  data: { userId: string; phone: string; linkedAt: string };
}
export interface SignInSucceeded {
  type: 'SignInSucceeded';
  data: { userId: string; sessionId: string; at: string; ip: string | null };
}
export interface SignInFailed {
  type: 'SignInFailed';
  /** reason too-many-requests: only in events stored before ADR 0032 (held attempts are no longer recorded) */
  data: { userId: string; at: string; ip: string | null; reason: 'invalid-credential' | 'too-many-requests' };
}
/** A one-time sign-in link was mailed (ADR 0032); only the sha256 of its code is kept. */
export interface SignInLinkSent {
  type: 'SignInLinkSent';
  data: { userId: string; email: string; codeHash: string; sentAt: string; expiresAt: string };
}
/** A sign-in link was used (once); a SignInSucceeded for the session it opened follows. */
export interface SignInLinkUsed {
  type: 'SignInLinkUsed';
  data: { userId: string; codeHash: string; usedAt: string; ip: string | null };
}

export type UserEvent =
  | UserRegistered
  | AccessGranted
  | EmailVerificationSent
  | EmailVerified
  | PasswordResetRequested
  | PasswordChanged
  | EmailChanged
  | EmailRecovered
  | ProfileUpdated
  | ProfilePictureChanged
  | ProfilePictureRemoved
  | UserFlagSet
  | InteractionRecorded
  | LocaleChanged
  | PhoneVerificationSent
  | PhoneLinked
  | SignInSucceeded
  | SignInFailed
  | SignInLinkSent
  | SignInLinkUsed
  | RegistrationAbandoned;

export const USER_EVENT_TYPES: UserEvent['type'][] = [
  'UserRegistered',
  'AccessGranted',
  'EmailVerificationSent',
  'EmailVerified',
  'PasswordResetRequested',
  'PasswordChanged',
  'EmailChanged',
  'EmailRecovered',
  'ProfileUpdated',
  'ProfilePictureChanged',
  'ProfilePictureRemoved',
  'UserFlagSet',
  'InteractionRecorded',
  'LocaleChanged',
  'PhoneVerificationSent',
  'PhoneLinked',
  'SignInSucceeded',
  'SignInFailed',
  'SignInLinkSent',
  'SignInLinkUsed',
  'RegistrationAbandoned',
];

export interface SessionStarted {
  type: 'SessionStarted';
  data: { sessionId: string; userId: string; refreshHash: string; startedAt: string; expiresAt: string; ip: string | null; userAgent: string | null };
}
export interface SessionRefreshed {
  type: 'SessionRefreshed';
  data: { sessionId: string; refreshHash: string; refreshedAt: string };
}
export interface SessionRevoked {
  type: 'SessionRevoked';
  data: { sessionId: string; userId: string; reason: 'logoff' | 'refresh-token-reused' | 'password-changed' | 'expired'; revokedAt: string };
}
export type SessionEvent = SessionStarted | SessionRefreshed | SessionRevoked;

export interface CompanyRegistered {
  type: 'CompanyRegistered';
  data: {
    companyId: string;
    name: string;
    businessCode: string;
    phone: string | null;
    contactEmail: string | null;
    contactName: string | null;
    contactPhone: string | null;
    domains: string[];
    registeredAt: string;
  };
}
export interface CompanyUpdated {
  type: 'CompanyUpdated';
  data: {
    companyId: string;
    name?: string;
    businessCode?: string;
    phone?: string | null;
    contactEmail?: string | null;
    contactName?: string | null;
    contactPhone?: string | null;
    domains?: string[];
    updatedAt: string;
  };
}
export type CompanyEvent = CompanyRegistered | CompanyUpdated;

export type EmailClaimEvent = EmailClaimed | EmailReleased;
export type IdentityEvent = UserEvent | EmailClaimEvent | SessionEvent | CompanyEvent;

export const userStream = (userId: string) => `identity.user-${userId}`;
/** Consistency stream that makes an e-mail address unique across users. */
export const emailStream = (emailKey: string) => `identity.email-${emailKey}`;
export const sessionStream = (sessionId: string) => `identity.session-${sessionId}`;
export const companyStream = (companyId: string) => `identity.company-${companyId}`;
