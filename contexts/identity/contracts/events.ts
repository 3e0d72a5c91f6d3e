/**
 * Stored events of the identity context, defined once with zod (ADR 0009 §4): type names are
 * explicit strings (a changed shape gets a new schema version and an upcaster in `identityEvents`);
 * the TypeScript types are inferred from the schemas. Projections and process managers parse
 * through `identityEvents`. Secrets never appear: passwords as argon2id hashes, link and phone
 * codes as sha256 hashes.
 *
 * Streams: identity.user-<userId>, identity.email-<emailKey> (unique e-mail), identity.session-<sessionId>,
 * identity.company-<companyId>, identity.reference-<list>, identity.privacy-<userId> (privacy.ts, ADR 0092).
 */
import { z } from 'zod';
import { LOCALES, PERMISSIONS, ROLES } from '@portal/kernel';
// the browser-safe entry: the SPA imports these contracts too
import { defineEvents, mergeEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { managedUserDetailsSchema, REFERENCE_LISTS, type ReferenceList } from './shapes.js';
import { privacyEvents, type PrivacyEvent } from './privacy-events.js';

export { managedUserDetailsSchema, REFERENCE_LISTS, type ManagedUserDetails, type ReferenceList } from './shapes.js';

export type ActionMode = 'verifyEmail' | 'resetPassword' | 'recoverEmail';

const locale = z.enum(LOCALES);
const registerStatus = z.enum(['None', 'UserProfile', 'Completed']);

const emailClaimed = z.object({ email: z.string(), userId: z.string(), claimedAt: z.string() });
const emailReleased = z.object({ email: z.string(), userId: z.string(), releasedAt: z.string() });
const userRegistered = z.object({
  userId: z.string(),
  email: z.string(),
  /** argon2id hash; the password itself is never stored */
  passwordHash: z.string(),
  country: z.string(),
  ref: z.string().nullable(),
  lang: locale.nullable(),
  consentAt: z.string(),
  registeredAt: z.string(),
});
/**
 * Closes a user stream whose registration never recorded its account (the process stopped after
 * the e-mail claim, or the account append failed), so that the claim can be released safely: a
 * registration still running can no longer append UserRegistered to this stream (ADR 0005).
 */
const registrationAbandoned = z.object({ userId: z.string(), email: z.string(), reason: z.enum(['failed', 'stale']), claimedAt: z.string().nullable(), abandonedAt: z.string() });
const accessGranted = z.object({
  userId: z.string(),
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  aclTags: z.array(z.string()),
  companyId: z.string().nullable(),
  allowedStations: z.union([z.record(z.string(), z.literal(true)), z.literal('all')]),
  grantedAt: z.string(),
});
const emailVerificationSent = z.object({ userId: z.string(), email: z.string(), codeHash: z.string(), sentAt: z.string(), expiresAt: z.string() });
const emailVerified = z.object({ userId: z.string(), email: z.string(), verifiedAt: z.string(), codeHash: z.string().optional() });
const passwordResetRequested = z.object({ userId: z.string(), email: z.string(), codeHash: z.string(), requestedAt: z.string(), expiresAt: z.string() });
const passwordChanged = z.object({ userId: z.string(), passwordHash: z.string(), changedAt: z.string(), via: z.enum(['reset', 'profile']), codeHash: z.string().optional() });
const emailChanged = z.object({ userId: z.string(), previousEmail: z.string(), email: z.string(), changedAt: z.string(), recoverCodeHash: z.string(), recoverExpiresAt: z.string() });
const emailRecovered = z.object({ userId: z.string(), email: z.string(), replacedEmail: z.string(), recoveredAt: z.string(), codeHash: z.string() });
const profileUpdated = z.object({
  userId: z.string(),
  name: z.string().nullable().optional(),
  actingArea: z.string().nullable().optional(),
  userType: z.string().nullable().optional(),
  company: z.string().nullable().optional(),
  isInnerEmployee: z.boolean().nullable().optional(),
  defaultStation: z.string().nullable().optional(),
  country: z.string().optional(),
  state: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  registerStatus: registerStatus.optional(),
  updatedAt: z.string(),
});
const profilePictureChanged = z.object({ userId: z.string(), pictureId: z.string(), contentType: z.string(), size: z.number(), changedAt: z.string() });
const profilePictureRemoved = z.object({ userId: z.string(), pictureId: z.string(), removedAt: z.string() });
const userFlagSet = z.object({ userId: z.string(), key: z.string(), value: z.union([z.string(), z.number(), z.boolean(), z.null()]), setAt: z.string() });
const interactionRecorded = z.object({ userId: z.string(), name: z.enum(['advertenceAlertConfirmed', 'firstVideoContentViewed']), at: z.string() });
const localeChanged = z.object({ userId: z.string(), lang: locale, changedAt: z.string() });
const phoneVerificationSent = z.object({ userId: z.string(), phone: z.string(), codeHash: z.string(), sentAt: z.string(), expiresAt: z.string() });
const phoneLinked = z.object({ userId: z.string(), phone: z.string(), linkedAt: z.string() });
const signInSucceeded = z.object({ userId: z.string(), sessionId: z.string(), at: z.string(), ip: z.string().nullable() });
/** reason too-many-requests: only in events stored before ADR 0032 (held attempts are no longer recorded) */
const signInFailed = z.object({ userId: z.string(), at: z.string(), ip: z.string().nullable(), reason: z.enum(['invalid-credential', 'too-many-requests']) });
/** A one-time sign-in link was mailed (ADR 0032); only the sha256 of its code is kept. */
const signInLinkSent = z.object({ userId: z.string(), email: z.string(), codeHash: z.string(), sentAt: z.string(), expiresAt: z.string() });
/** A sign-in link was used (once); a SignInSucceeded for the session it opened follows. */
const signInLinkUsed = z.object({ userId: z.string(), codeHash: z.string(), usedAt: z.string(), ip: z.string().nullable() });

const sessionStarted = z.object({ sessionId: z.string(), userId: z.string(), refreshHash: z.string(), startedAt: z.string(), expiresAt: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable() });
const sessionRefreshed = z.object({ sessionId: z.string(), refreshHash: z.string(), refreshedAt: z.string() });
const sessionRevoked = z.object({ sessionId: z.string(), userId: z.string(), reason: z.enum(['logoff', 'refresh-token-reused', 'password-changed', 'expired', 'user-deactivated', 'account-deletion', 'erased']), revokedAt: z.string() });

const companyRegistered = z.object({
  companyId: z.string(),
  name: z.string(),
  businessCode: z.string(),
  phone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  domains: z.array(z.string()),
  /** only pre-registered addresses of the company's domains may register (ADR 0050) */
  invitationOnly: z.boolean().optional(),
  by: z.string().optional(),
  registeredAt: z.string(),
});
const companyUpdated = z.object({
  companyId: z.string(),
  name: z.string().optional(),
  businessCode: z.string().optional(),
  phone: z.string().nullable().optional(),
  contactEmail: z.string().nullable().optional(),
  contactName: z.string().nullable().optional(),
  contactPhone: z.string().nullable().optional(),
  domains: z.array(z.string()).optional(),
  by: z.string().optional(),
  updatedAt: z.string(),
});
const companyDomainsChanged = z.object({ companyId: z.string(), domains: z.array(z.string()), invitationOnly: z.boolean(), by: z.string(), changedAt: z.string() });

const referenceItemSaved = z.object({
  list: z.enum(REFERENCE_LISTS),
  itemId: z.string(),
  labels: z.object({ 'pt-BR': z.string(), es: z.string(), en: z.string() }),
  parentId: z.string().nullable(),
  /** choosing it asks for free text ("Other") */
  other: z.boolean(),
  by: z.string(),
  savedAt: z.string(),
});
const referenceItemRetired = z.object({ list: z.enum(REFERENCE_LISTS), itemId: z.string(), by: z.string(), retiredAt: z.string() });

/**
 * Manager administration (issue 14, ADR 0050). Every change made by someone else carries `by`: the
 * acting user's id, or `system:<reason>` (`system:domain` when a verified address joins a company
 * by its domain, `system:seed` for the demo seed).
 */
const accessFields = {
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  aclTags: z.array(z.string()),
  companyId: z.string().nullable(),
  allowedStations: z.union([z.record(z.string(), z.literal(true)), z.literal('all')]),
};
/** A manager created a user who has no account yet (001 §3 "has account" false); the address is claimed for them. */
const userPreRegistered = z.object({
  userId: z.string(),
  email: z.string(),
  details: managedUserDetailsSchema,
  ...accessFields,
  by: z.string(),
  preRegisteredAt: z.string(),
});
/** An invitation to register was mailed to a pre-registered user; only the sha256 of its code is kept. */
const invitationSent = z.object({ userId: z.string(), email: z.string(), codeHash: z.string(), by: z.string(), sentAt: z.string(), expiresAt: z.string() });
const userDetailsChanged = z.object({ userId: z.string(), details: managedUserDetailsSchema, by: z.string(), changedAt: z.string() });
/** The whole access of a user after a change (roles, permissions, ACL tags, company, allowed stations). */
const accessChanged = z.object({ userId: z.string(), ...accessFields, by: z.string(), changedAt: z.string() });
/** Sign-in refused (user-disabled), every session revoked, access tokens refused (ADR 0031 user-wide key). */
const userDeactivated = z.object({ userId: z.string(), by: z.string(), deactivatedAt: z.string() });
const userReactivated = z.object({ userId: z.string(), by: z.string(), reactivatedAt: z.string() });
/** Only a pre-registered user (no account) is deleted; the address claim is released. */
const userDeleted = z.object({ userId: z.string(), email: z.string(), by: z.string(), deletedAt: z.string() });

const userEventSchemas = {
  UserRegistered: userRegistered,
  AccessGranted: accessGranted,
  EmailVerificationSent: emailVerificationSent,
  EmailVerified: emailVerified,
  PasswordResetRequested: passwordResetRequested,
  PasswordChanged: passwordChanged,
  EmailChanged: emailChanged,
  EmailRecovered: emailRecovered,
  ProfileUpdated: profileUpdated,
  ProfilePictureChanged: profilePictureChanged,
  ProfilePictureRemoved: profilePictureRemoved,
  UserFlagSet: userFlagSet,
  InteractionRecorded: interactionRecorded,
  LocaleChanged: localeChanged,
  PhoneVerificationSent: phoneVerificationSent,
  PhoneLinked: phoneLinked,
  SignInSucceeded: signInSucceeded,
  SignInFailed: signInFailed,
  SignInLinkSent: signInLinkSent,
  SignInLinkUsed: signInLinkUsed,
  RegistrationAbandoned: registrationAbandoned,
  UserPreRegistered: userPreRegistered,
  InvitationSent: invitationSent,
  UserDetailsChanged: userDetailsChanged,
  AccessChanged: accessChanged,
  UserDeactivated: userDeactivated,
  UserReactivated: userReactivated,
  UserDeleted: userDeleted,
};
const emailClaimEventSchemas = { EmailClaimed: emailClaimed, EmailReleased: emailReleased };
const sessionEventSchemas = { SessionStarted: sessionStarted, SessionRefreshed: sessionRefreshed, SessionRevoked: sessionRevoked };
const companyEventSchemas = { CompanyRegistered: companyRegistered, CompanyUpdated: companyUpdated, CompanyDomainsChanged: companyDomainsChanged };
const referenceEventSchemas = { ReferenceItemSaved: referenceItemSaved, ReferenceItemRetired: referenceItemRetired };

/** Each stream's events (a decider's `events`; a changed shape's upcaster goes in its stream's contract, ADR 0086). */
export const userEvents = defineEvents(userEventSchemas);
export const emailClaimEvents = defineEvents(emailClaimEventSchemas);
export const sessionEvents = defineEvents(sessionEventSchemas);
export const companyEvents = defineEvents(companyEventSchemas);
export const referenceEvents = defineEvents(referenceEventSchemas);
/** Every stored event of the identity context: the parser projections and process managers use. */
export const identityEvents = mergeEvents(userEvents, emailClaimEvents, sessionEvents, companyEvents, referenceEvents, privacyEvents);

type Identity = EventOf<typeof identityEvents.schemas>;
type Of<T extends Identity['type']> = Extract<Identity, { type: T }>;

export type EmailClaimed = Of<'EmailClaimed'>;
export type EmailReleased = Of<'EmailReleased'>;
export type UserRegistered = Of<'UserRegistered'>;
export type RegistrationAbandoned = Of<'RegistrationAbandoned'>;
export type AccessGranted = Of<'AccessGranted'>;
export type EmailVerificationSent = Of<'EmailVerificationSent'>;
export type EmailVerified = Of<'EmailVerified'>;
export type PasswordResetRequested = Of<'PasswordResetRequested'>;
export type PasswordChanged = Of<'PasswordChanged'>;
export type EmailChanged = Of<'EmailChanged'>;
export type EmailRecovered = Of<'EmailRecovered'>;
export type ProfileUpdated = Of<'ProfileUpdated'>;
export type ProfilePictureChanged = Of<'ProfilePictureChanged'>;
export type ProfilePictureRemoved = Of<'ProfilePictureRemoved'>;
export type UserFlagSet = Of<'UserFlagSet'>;
export type InteractionRecorded = Of<'InteractionRecorded'>;
export type LocaleChanged = Of<'LocaleChanged'>;
export type PhoneVerificationSent = Of<'PhoneVerificationSent'>;
export type PhoneLinked = Of<'PhoneLinked'>;
export type SignInSucceeded = Of<'SignInSucceeded'>;
export type SignInFailed = Of<'SignInFailed'>;
export type SignInLinkSent = Of<'SignInLinkSent'>;
export type SignInLinkUsed = Of<'SignInLinkUsed'>;
export type SessionStarted = Of<'SessionStarted'>;
export type SessionRefreshed = Of<'SessionRefreshed'>;
export type SessionRevoked = Of<'SessionRevoked'>;
export type CompanyRegistered = Of<'CompanyRegistered'>;
export type CompanyUpdated = Of<'CompanyUpdated'>;
export type CompanyDomainsChanged = Of<'CompanyDomainsChanged'>;
export type UserPreRegistered = Of<'UserPreRegistered'>;
export type InvitationSent = Of<'InvitationSent'>;
export type UserDetailsChanged = Of<'UserDetailsChanged'>;
export type AccessChanged = Of<'AccessChanged'>;
export type UserDeactivated = Of<'UserDeactivated'>;
export type UserReactivated = Of<'UserReactivated'>;
export type UserDeleted = Of<'UserDeleted'>;
export type ReferenceItemSaved = Of<'ReferenceItemSaved'>;
export type ReferenceItemRetired = Of<'ReferenceItemRetired'>;

export type UserEvent = EventOf<typeof userEventSchemas>;
export type SessionEvent = EventOf<typeof sessionEventSchemas>;
export type CompanyEvent = EventOf<typeof companyEventSchemas>;
export type ReferenceEvent = EventOf<typeof referenceEventSchemas>;
export type EmailClaimEvent = EventOf<typeof emailClaimEventSchemas>;
export type IdentityEvent = UserEvent | EmailClaimEvent | SessionEvent | CompanyEvent | ReferenceEvent | PrivacyEvent;

/** The user stream's event types (the users projection subscribes to most of them). */
export const USER_EVENT_TYPES: UserEvent['type'][] = userEvents.types;

export const userStream = (userId: string) => `identity.user-${userId}`;
/** Consistency stream that makes an e-mail address unique across users. */
export const emailStream = (emailKey: string) => `identity.email-${emailKey}`;
export const sessionStream = (sessionId: string) => `identity.session-${sessionId}`;
export const companyStream = (companyId: string) => `identity.company-${companyId}`;
export const referenceStream = (list: ReferenceList) => `identity.reference-${list}`;

/**
 * Crypto-shredding (issue 31, ADR 0091). `SubjectErased`: the subject's data key was destroyed, so
 * every personal field of theirs in the log reads "[erased]"; no personal data, only who asked (the
 * privacy request) and who carried it out. One per subject, in its own stream (a second erasure
 * finds it and is a no-op). `NetworkDataExpired`: the retention job destroyed the keys of the IP
 * addresses and user agents of every month before `before` (Marco Civil art. 15).
 */
const subjectErased = z.object({ subjectId: z.string(), requestId: z.string(), by: z.string(), keysDestroyed: z.number().int().nonnegative(), erasedAt: z.string() });
const networkDataExpired = z.object({ before: z.string(), keysDestroyed: z.number().int().nonnegative(), expiredAt: z.string() });
export const erasureEvents = defineEvents({ SubjectErased: subjectErased, NetworkDataExpired: networkDataExpired });
export type SubjectErased = EventOf<typeof erasureEvents.schemas> & { type: 'SubjectErased' };
export const erasureStream = (subjectId: string) => `identity.erasure-${subjectId}`;
export const NETWORK_RETENTION_STREAM = 'identity.network-retention';
