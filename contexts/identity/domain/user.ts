import { AppError, type Locale, type Permission, type RegisterStatus, type Role } from '@portal/kernel';
import { userEvents, type ActionMode, type InteractionRecorded, type ManagedUserDetails, type UserEvent } from '../contracts/events.js';
import { accessViolations, sameAccess, standingViolations, type AccessViolation, type GrantingActor, type UserAccess } from './access-policy.js';
import { inScope, managerScope } from './manager-scope.js';
import { normaliseChoice, registerStatusFor } from './profile-rules.js';
import { joinByDomain, type DomainCompany } from './domain-joining.js';

/** A single-use link or phone code, known only by its hash. */
export interface IssuedCode {
  mode: ActionMode | 'phone' | 'signIn';
  issuedAt: string;
  expiresAt: string;
  usedAt: string | null;
  /** recoverEmail: the address to restore; phone: the number being linked */
  subject?: string;
}

export interface RegisteredUser {
  status: 'registered';
  userId: string;
  email: string;
  passwordHash: string;
  emailVerified: boolean;
  emailVerificationSentAt: string | null;
  passwordResetRequestedAt: string | null;
  registerStatus: RegisterStatus;
  country: string;
  lang: Locale | null;
  name: string | null;
  userType: string | null;
  actingArea: string | null;
  isInnerEmployee: boolean | null;
  roles: Role[];
  permissions: Permission[];
  aclTags: string[];
  companyId: string | null;
  allowedStations: Record<string, true> | 'all';
  pictureId: string | null;
  phone: string | null;
  codes: Record<string, IssuedCode>;
  interactions: Partial<Record<InteractionRecorded['data']['name'], string>>;
  failedSignIns: number;
  /** false once deactivated by a manager: sign-in refused (user-disabled) until reactivated */
  active: boolean;
  /** the fields of 001 §3 "User (manager view)" as last set by the user or a manager */
  details: ManagedUserDetails;
}

/** A user a manager created before they have an account (ADR 0050); the address is claimed for them. */
export interface PreRegisteredUser {
  status: 'preRegistered';
  userId: string;
  email: string;
  details: ManagedUserDetails;
  access: UserAccess;
  preRegisteredAt: string;
  /** invitation mails sent, by the sha256 of their token */
  invitations: Record<string, { sentAt: string; expiresAt: string }>;
}

/** The user aggregate as a pure decider (no I/O, no clock: time, ids and hashes arrive in commands). */
export type UserState =
  | { status: 'unknown' }
  | { status: 'abandoned'; userId: string }
  | { status: 'deleted'; userId: string }
  | PreRegisteredUser
  | RegisteredUser;

export const initialUserState = (): UserState => ({ status: 'unknown' });

export type ProfileChanges = {
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
};

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: {
        userId: string;
        email: string;
        passwordHash: string;
        country: string;
        ref: string | null;
        lang: Locale | null;
        consent: boolean;
        now: string;
        /** sha256 of the invitation token the registration screen was opened with: it proves the mailbox */
        invitationCodeHash?: string | null;
      };
    }
  // manager administration (issue 14, ADR 0050): each carries the acting manager, judged by the scope and the access policy
  | {
      type: 'PreRegisterUser';
      data: { actor: GrantingActor; userId: string; email: string; details: ManagedUserDetails; access: UserAccess; invitation: { codeHash: string; expiresAt: string } | null; now: string };
    }
  | { type: 'ChangeUserDetails'; data: { actor: GrantingActor; details: ManagedUserDetails; now: string } }
  | { type: 'ChangeAccess'; data: { actor: GrantingActor; access: UserAccess; now: string } }
  | { type: 'DeactivateUser'; data: { actor: GrantingActor; now: string } }
  | { type: 'ReactivateUser'; data: { actor: GrantingActor; now: string } }
  | { type: 'DeleteUser'; data: { actor: GrantingActor; now: string } }
  | { type: 'SendInvitation'; data: { actor: GrantingActor; codeHash: string; expiresAt: string; cooldownMs: number; now: string } }
  | {
      type: 'GrantAccess';
      data: {
        userId: string;
        roles: Role[];
        permissions: Permission[];
        aclTags: string[];
        companyId: string | null;
        allowedStations: Record<string, true> | 'all';
        now: string;
      };
    }
  | { type: 'VerifyEmail'; data: { userId: string; now: string } }
  | { type: 'SendEmailVerification'; data: { codeHash: string; now: string; expiresAt: string; cooldownMs: number } }
  | { type: 'RequestPasswordReset'; data: { codeHash: string; now: string; expiresAt: string; cooldownMs: number } }
  | { type: 'ApplyActionCode'; data: { mode: ActionMode; codeHash: string; now: string; newPasswordHash?: string } }
  | { type: 'ChangeEmail'; data: { email: string; recoverCodeHash: string; now: string; recoverExpiresAt: string } }
  | { type: 'UpdateProfile'; data: ProfileChanges & { userId: string; registerStatus?: RegisterStatus; now: string } }
  | { type: 'ChangeProfilePicture'; data: { pictureId: string; contentType: string; size: number; now: string } }
  | { type: 'RemoveProfilePicture'; data: { now: string } }
  | { type: 'SetFlag'; data: { key: string; value: string | number | boolean | null; now: string } }
  | { type: 'RecordInteraction'; data: { name: InteractionRecorded['data']['name']; now: string } }
  | { type: 'ChangeLocale'; data: { lang: Locale; now: string } }
  | { type: 'SendPhoneCode'; data: { phone: string; codeHash: string; now: string; expiresAt: string; cooldownMs: number } }
  | { type: 'VerifyPhone'; data: { phone: string; codeHash: string; now: string } }
  | { type: 'RecordSignIn'; data: { userId: string; sessionId: string; succeeded: boolean; ip: string | null; now: string } }
  | { type: 'SendSignInLink'; data: { codeHash: string; now: string; expiresAt: string; cooldownMs: number } }
  | { type: 'UseSignInLink'; data: { codeHash: string; sessionId: string; ip: string | null; now: string } }
  /**
   * Closes a registration that recorded no account: 'failed' by the registration itself, 'stale'
   * by a later claim of the address, only once the claim is older than `staleAfterMs`.
   */
  | { type: 'AbandonRegistration'; data: { userId: string; email: string; reason: 'failed' | 'stale'; claimedAt: string | null; staleAfterMs: number; now: string } }
  /** After a verification: the company whose domain holds the address (ADR 0051, joinByDomain). */
  | { type: 'JoinCompanyByDomain'; data: { company: DomainCompany | null; now: string } };

const minutesLeft = (sinceIso: string, cooldownMs: number, nowIso: string): number =>
  Math.ceil((new Date(sinceIso).getTime() + cooldownMs - new Date(nowIso).getTime()) / 60_000);

/** Checks a presented code: unknown or for another purpose, used, expired. */
/** When a code of this purpose was last issued. */
const lastIssued = (state: RegisteredUser, mode: IssuedCode['mode']): string | undefined =>
  Object.values(state.codes)
    .filter((c) => c.mode === mode)
    .map((c) => c.issuedAt)
    .sort()
    .at(-1);

/** Marks every unused code of a purpose used (a new password retires reset links, a new address sign-in links). */
const retire = (codes: Record<string, IssuedCode>, mode: IssuedCode['mode'], at: string): Record<string, IssuedCode> =>
  Object.fromEntries(Object.entries(codes).map(([h, c]) => (c.mode === mode && c.usedAt === null ? [h, { ...c, usedAt: at }] : [h, c])));

function checkCode(state: RegisteredUser, codeHash: string, mode: IssuedCode['mode'], now: string): IssuedCode {
  const code = state.codes[codeHash];
  if (!code || code.mode !== mode) throw new AppError('invalid-action-code');
  if (code.usedAt !== null) throw new AppError('action-already-validated');
  if (code.expiresAt <= now) throw new AppError('expired-action-code');
  return code;
}

/** The access a user holds (registered) or will hold (pre-registered). */
export const accessOf = (state: RegisteredUser | PreRegisteredUser): UserAccess =>
  state.status === 'preRegistered'
    ? state.access
    : { roles: state.roles, permissions: state.permissions, aclTags: state.aclTags, companyId: state.companyId, allowedStations: state.allowedStations };

/** Who made a manager's change, as events record it. */
export const PRE_REGISTRATION_ACTOR = 'system:pre-registration';

/**
 * The user a manager's command is about: 403 for an actor who manages nobody, 404 for a user who
 * does not exist (any more) or lies outside the actor's scope (never told apart, ADR 0050).
 */
function managedTarget(state: UserState, actor: GrantingActor): RegisteredUser | PreRegisteredUser {
  const scope = managerScope(actor);
  if (scope.kind === 'none') throw new AppError('403');
  if ((state.status !== 'registered' && state.status !== 'preRegistered') || !inScope(scope, accessOf(state).companyId)) throw new AppError('404');
  return state;
}

/** Refuses a change the access policy finds fault with: 403 naming what, or company-invalid for a company out of scope. */
function refuse(violations: AccessViolation[]): void {
  if (violations.length === 0) return;
  const forbidden = violations.filter((v) => v.kind !== 'company-out-of-scope');
  if (forbidden.length === 0) throw new AppError('company-invalid', undefined, [{ path: 'companyId', message: 'company-invalid' }]);
  const details = forbidden.map((v) =>
    v.kind === 'own-access'
      ? { path: 'access', message: 'own-access' }
      : { path: v.field, message: v.kind === 'needs-permission' ? `needs:${v.permission}` : 'not-held', code: v.value },
  );
  const what = forbidden.map((v) => (v.kind === 'own-access' ? 'your own access' : v.value));
  throw new AppError('403', `You cannot change: ${[...new Set(what)].join(', ')}`, details);
}

/** The fields of `next` that differ from `current` (undefined: not named, left as it is). */
function changedDetails(current: ManagedUserDetails, next: ManagedUserDetails): ManagedUserDetails {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) if (value !== undefined && (current[key as keyof ManagedUserDetails] ?? null) !== value) out[key] = value;
  return out as ManagedUserDetails;
}

const hasAny = (details: ManagedUserDetails): boolean => Object.values(details).some((v) => v !== undefined);

/** The manager administration's commands (ADR 0050). */
function decideManaged(command: Extract<UserCommand, { data: { actor: GrantingActor } }>, state: UserState): UserEvent[] {
  const { actor, now } = command.data;
  const by = actor.userId;
  if (command.type === 'PreRegisterUser') {
    if (managerScope(actor).kind === 'none') throw new AppError('403');
    if (state.status !== 'unknown') throw new AppError('email-already-in-use');
    const d = command.data;
    refuse(accessViolations(actor, d.userId, null, d.access));
    const events: UserEvent[] = [{ type: 'UserPreRegistered', data: { userId: d.userId, email: d.email, details: d.details, ...d.access, by, preRegisteredAt: now } }];
    if (d.invitation) events.push({ type: 'InvitationSent', data: { userId: d.userId, email: d.email, codeHash: d.invitation.codeHash, by, sentAt: now, expiresAt: d.invitation.expiresAt } });
    return events;
  }
  const target = managedTarget(state, actor);
  const userId = target.userId;
  switch (command.type) {
    case 'ChangeUserDetails': {
      const details = changedDetails(target.details, command.data.details);
      if (!hasAny(details)) return [];
      return [{ type: 'UserDetailsChanged', data: { userId, details, by, changedAt: now } }];
    }
    case 'ChangeAccess': {
      const before = accessOf(target);
      const after = command.data.access;
      refuse(accessViolations(actor, userId, before, after));
      if (sameAccess(before, after)) return [];
      return [{ type: 'AccessChanged', data: { userId, ...after, by, changedAt: now } }];
    }
    case 'DeactivateUser':
    case 'ReactivateUser': {
      refuse(standingViolations(actor, userId, accessOf(target)));
      if (target.status !== 'registered') throw new AppError('app/bed-request', 'A pre-registered user has no account: delete them instead', [{ path: 'id', message: 'noAccount' }]);
      if (command.type === 'DeactivateUser') return target.active ? [{ type: 'UserDeactivated', data: { userId, by, deactivatedAt: now } }] : [];
      return target.active ? [] : [{ type: 'UserReactivated', data: { userId, by, reactivatedAt: now } }];
    }
    case 'DeleteUser':
      refuse(standingViolations(actor, userId, accessOf(target)));
      // a user with an account keeps their history: they are deactivated instead (001 §5)
      if (target.status === 'registered') throw new AppError('unable-delete-account');
      return [{ type: 'UserDeleted', data: { userId, email: target.email, by, deletedAt: now } }];
    case 'SendInvitation': {
      const d = command.data;
      if (target.status === 'registered') throw new AppError('action-already-validated', 'The user already has an account');
      const last = Object.values(target.invitations)
        .map((i) => i.sentAt)
        .sort()
        .at(-1);
      if (last) {
        const wait = minutesLeft(last, d.cooldownMs, now);
        if (wait > 0) throw new AppError('too-many-requests', `Wait ${wait} minute(s) before inviting again`, undefined, { retryAfterMinutes: wait });
      }
      return [{ type: 'InvitationSent', data: { userId, email: target.email, codeHash: d.codeHash, by, sentAt: now, expiresAt: d.expiresAt } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

const MANAGED_COMMANDS = new Set<UserCommand['type']>(['PreRegisterUser', 'ChangeUserDetails', 'ChangeAccess', 'DeactivateUser', 'ReactivateUser', 'DeleteUser', 'SendInvitation']);
const isManaged = (command: UserCommand): command is Extract<UserCommand, { data: { actor: GrantingActor } }> => MANAGED_COMMANDS.has(command.type);

/**
 * Registration; on a pre-registered stream it takes over the company, access and details the
 * manager set (AccessGranted and UserDetailsChanged follow UserRegistered), and the invitation's
 * token, when it is one the stream sent and still valid, verifies the address.
 */
function decideRegistration(command: Extract<UserCommand, { type: 'RegisterUser' }>, state: UserState): UserEvent[] {
  const d = command.data;
  if (state.status !== 'unknown' && state.status !== 'preRegistered') throw new AppError('email-already-in-use');
  if (state.status === 'preRegistered' && (state.userId !== d.userId || state.email.toLowerCase() !== d.email.toLowerCase())) throw new AppError('email-already-in-use');
  if (!d.consent) throw new AppError('app/bed-request', 'You must agree to our Privacy Policy', [{ path: 'consent', message: 'termAccepted' }]);
  const events: UserEvent[] = [
    {
      type: 'UserRegistered',
      data: { userId: d.userId, email: d.email, passwordHash: d.passwordHash, country: d.country, ref: d.ref, lang: d.lang, consentAt: d.now, registeredAt: d.now },
    },
  ];
  if (state.status !== 'preRegistered') return events;
  events.push({ type: 'AccessGranted', data: { userId: d.userId, ...state.access, grantedAt: d.now } });
  // the country is the one the user chose on registering
  const { country: _country, ...details } = state.details;
  void _country;
  const taken = Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null && v !== undefined)) as ManagedUserDetails;
  if (hasAny(taken)) events.push({ type: 'UserDetailsChanged', data: { userId: d.userId, details: taken, by: PRE_REGISTRATION_ACTOR, changedAt: d.now } });
  const invitation = d.invitationCodeHash ? state.invitations[d.invitationCodeHash] : undefined;
  if (invitation && invitation.expiresAt > d.now) events.push({ type: 'EmailVerified', data: { userId: d.userId, email: d.email, verifiedAt: d.now } });
  return events;
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') return decideRegistration(command, state);
  if (isManaged(command)) return decideManaged(command, state);
  if (command.type === 'AbandonRegistration') {
    // an account was recorded, or the attempt is already closed: nothing to do
    if (state.status !== 'unknown') return [];
    const d = command.data;
    // a registration may still be running (hashing, appending): its claim is not abandoned yet
    if (d.reason === 'stale' && (d.claimedAt === null || new Date(d.now).getTime() - new Date(d.claimedAt).getTime() < d.staleAfterMs)) {
      throw new AppError('email-already-in-use');
    }
    return [{ type: 'RegistrationAbandoned', data: { userId: d.userId, email: d.email, reason: d.reason, claimedAt: d.claimedAt, abandonedAt: d.now } }];
  }
  if (state.status !== 'registered') throw new AppError('user-not-found');
  const userId = state.userId;
  switch (command.type) {
    case 'GrantAccess': {
      const { now, ...rest } = command.data;
      return [{ type: 'AccessGranted', data: { ...rest, grantedAt: now } }];
    }
    case 'VerifyEmail':
      if (state.emailVerified) return [];
      return [{ type: 'EmailVerified', data: { userId, email: state.email, verifiedAt: command.data.now } }];
    case 'SendEmailVerification': {
      const d = command.data;
      if (state.emailVerified) throw new AppError('action-already-validated', 'The e-mail address is already verified');
      if (state.emailVerificationSentAt) {
        const wait = minutesLeft(state.emailVerificationSentAt, d.cooldownMs, d.now);
        if (wait > 0) throw new AppError('too-many-requests', `Wait ${wait} minute(s) before asking again`, undefined, { retryAfterMinutes: wait });
      }
      return [{ type: 'EmailVerificationSent', data: { userId, email: state.email, codeHash: d.codeHash, sentAt: d.now, expiresAt: d.expiresAt } }];
    }
    case 'RequestPasswordReset': {
      const d = command.data;
      // silently nothing inside the cooldown: the caller answers the same either way (no enumeration)
      if (state.passwordResetRequestedAt && minutesLeft(state.passwordResetRequestedAt, d.cooldownMs, d.now) > 0) return [];
      return [{ type: 'PasswordResetRequested', data: { userId, email: state.email, codeHash: d.codeHash, requestedAt: d.now, expiresAt: d.expiresAt } }];
    }
    case 'ApplyActionCode': {
      const d = command.data;
      const code = checkCode(state, d.codeHash, d.mode, d.now);
      switch (d.mode) {
        case 'verifyEmail':
          if (state.emailVerified) throw new AppError('action-already-validated');
          return [{ type: 'EmailVerified', data: { userId, email: state.email, verifiedAt: d.now, codeHash: d.codeHash } }];
        case 'resetPassword':
          if (!d.newPasswordHash) throw new AppError('app/bed-request', 'A new password is required', [{ path: 'newPassword', message: 'required' }]);
          return [{ type: 'PasswordChanged', data: { userId, passwordHash: d.newPasswordHash, changedAt: d.now, via: 'reset', codeHash: d.codeHash } }];
        case 'recoverEmail':
          return [{ type: 'EmailRecovered', data: { userId, email: code.subject ?? state.email, replacedEmail: state.email, recoveredAt: d.now, codeHash: d.codeHash } }];
        default: {
          const exhaustive: never = d.mode;
          throw new Error(`unknown mode ${String(exhaustive)}`);
        }
      }
    }
    case 'ChangeEmail': {
      const d = command.data;
      if (d.email === state.email) return [];
      return [{ type: 'EmailChanged', data: { userId, previousEmail: state.email, email: d.email, changedAt: d.now, recoverCodeHash: d.recoverCodeHash, recoverExpiresAt: d.recoverExpiresAt } }];
    }
    case 'UpdateProfile': {
      const { now, userId: _id, registerStatus: _ignored, ...changes } = command.data;
      void _id;
      void _ignored;
      const next = {
        name: changes.name !== undefined ? changes.name?.trim() || null : state.name,
        userType: changes.userType !== undefined ? normaliseChoice(changes.userType) : state.userType,
        actingArea: changes.actingArea !== undefined ? normaliseChoice(changes.actingArea) : state.actingArea,
        isInnerEmployee: changes.isInnerEmployee !== undefined ? changes.isInnerEmployee : state.isInnerEmployee,
        country: changes.country ?? state.country,
      };
      const registerStatus = registerStatusFor(state.registerStatus, next);
      const data: Extract<UserEvent, { type: 'ProfileUpdated' }>['data'] = { userId, updatedAt: now, registerStatus };
      if (changes.name !== undefined) data.name = next.name;
      if (changes.userType !== undefined) data.userType = next.userType;
      if (changes.actingArea !== undefined) data.actingArea = next.actingArea;
      if (changes.isInnerEmployee !== undefined) data.isInnerEmployee = changes.isInnerEmployee;
      if (changes.company !== undefined) data.company = changes.company?.trim() || null;
      if (changes.defaultStation !== undefined) data.defaultStation = changes.defaultStation;
      if (changes.country !== undefined) data.country = changes.country;
      if (changes.state !== undefined) data.state = changes.state?.trim() || null;
      if (changes.city !== undefined) data.city = changes.city?.trim() || null;
      if (changes.phone !== undefined) data.phone = changes.phone?.trim() || null;
      return [{ type: 'ProfileUpdated', data }];
    }
    case 'ChangeProfilePicture': {
      const d = command.data;
      return [{ type: 'ProfilePictureChanged', data: { userId, pictureId: d.pictureId, contentType: d.contentType, size: d.size, changedAt: d.now } }];
    }
    case 'RemoveProfilePicture':
      if (!state.pictureId) return [];
      return [{ type: 'ProfilePictureRemoved', data: { userId, pictureId: state.pictureId, removedAt: command.data.now } }];
    case 'SetFlag':
      return [{ type: 'UserFlagSet', data: { userId, key: command.data.key, value: command.data.value, setAt: command.data.now } }];
    case 'RecordInteraction':
      // the first time counts (000 §3 timestamps); repeats change nothing
      if (state.interactions[command.data.name]) return [];
      return [{ type: 'InteractionRecorded', data: { userId, name: command.data.name, at: command.data.now } }];
    case 'ChangeLocale':
      if (state.lang === command.data.lang) return [];
      return [{ type: 'LocaleChanged', data: { userId, lang: command.data.lang, changedAt: command.data.now } }];
    case 'SendPhoneCode': {
      const d = command.data;
      const lastSent = Object.values(state.codes)
        .filter((c) => c.mode === 'phone' && c.subject === d.phone)
        .map((c) => c.issuedAt)
        .sort()
        .at(-1);
      if (lastSent) {
        const wait = minutesLeft(lastSent, d.cooldownMs, d.now);
        if (wait > 0) throw new AppError('too-many-requests', `Wait ${wait} minute(s) before asking again`, undefined, { retryAfterMinutes: wait });
      }
      return [{ type: 'PhoneVerificationSent', data: { userId, phone: d.phone, codeHash: d.codeHash, sentAt: d.now, expiresAt: d.expiresAt } }];
    }
    case 'VerifyPhone': {
      const d = command.data;
      const code = checkCode(state, d.codeHash, 'phone', d.now);
      if (code.subject !== d.phone) throw new AppError('invalid-action-code');
      return [{ type: 'PhoneLinked', data: { userId, phone: d.phone, linkedAt: d.now } }];
    }
    case 'RecordSignIn': {
      const d = command.data;
      // the right password of a deactivated account: said as such, and no session
      if (d.succeeded && !state.active) throw new AppError('user-disabled');
      return d.succeeded
        ? [{ type: 'SignInSucceeded', data: { userId, sessionId: d.sessionId, at: d.now, ip: d.ip } }]
        : [{ type: 'SignInFailed', data: { userId, at: d.now, ip: d.ip, reason: 'invalid-credential' } }];
    }
    case 'SendSignInLink': {
      const d = command.data;
      // silently nothing inside the cooldown or for a deactivated account: the caller answers the same either way (no enumeration)
      if (!state.active) return [];
      const last = lastIssued(state, 'signIn');
      if (last && minutesLeft(last, d.cooldownMs, d.now) > 0) return [];
      return [{ type: 'SignInLinkSent', data: { userId, email: state.email, codeHash: d.codeHash, sentAt: d.now, expiresAt: d.expiresAt } }];
    }
    case 'UseSignInLink': {
      const d = command.data;
      checkCode(state, d.codeHash, 'signIn', d.now);
      if (!state.active) throw new AppError('user-disabled');
      const events: UserEvent[] = [{ type: 'SignInLinkUsed', data: { userId, codeHash: d.codeHash, usedAt: d.now, ip: d.ip } }];
      // the link was opened from the mailbox: that proves the address as a verification link does
      if (!state.emailVerified) events.push({ type: 'EmailVerified', data: { userId, email: state.email, verifiedAt: d.now } });
      events.push({ type: 'SignInSucceeded', data: { userId, sessionId: d.sessionId, at: d.now, ip: d.ip } });
      return events;
    }
    case 'JoinCompanyByDomain':
      return joinByDomain(state, command.data.company, command.data.now);
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

const useCode = (codes: Record<string, IssuedCode>, hash: string | undefined, at: string): Record<string, IssuedCode> =>
  hash && codes[hash] ? { ...codes, [hash]: { ...codes[hash]!, usedAt: at } } : codes;

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: 'registered',
      userId: d.userId,
      email: d.email,
      passwordHash: d.passwordHash,
      emailVerified: false,
      emailVerificationSentAt: null,
      passwordResetRequestedAt: null,
      registerStatus: 'None',
      country: d.country,
      lang: d.lang,
      name: null,
      userType: null,
      actingArea: null,
      isInnerEmployee: null,
      roles: ['learner'],
      permissions: [],
      aclTags: [],
      companyId: null,
      allowedStations: {},
      pictureId: null,
      phone: null,
      codes: {},
      interactions: {},
      failedSignIns: 0,
      active: true,
      details: { country: d.country },
    };
  }
  if (event.type === 'RegistrationAbandoned') return state.status === 'unknown' ? { status: 'abandoned', userId: event.data.userId } : state;
  if (event.type === 'UserPreRegistered') {
    if (state.status !== 'unknown') return state;
    const { userId, email, details, roles, permissions, aclTags, companyId, allowedStations, preRegisteredAt } = event.data;
    return { status: 'preRegistered', userId, email, details, access: { roles, permissions, aclTags, companyId, allowedStations }, preRegisteredAt, invitations: {} };
  }
  if (state.status === 'preRegistered') return evolvePreRegistered(state, event);
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'AccessGranted':
    case 'AccessChanged': {
      const { roles, permissions, aclTags, companyId, allowedStations } = event.data;
      return { ...state, roles, permissions, aclTags, companyId, allowedStations };
    }
    case 'EmailVerificationSent':
      return {
        ...state,
        emailVerificationSentAt: event.data.sentAt,
        codes: { ...state.codes, [event.data.codeHash]: { mode: 'verifyEmail', issuedAt: event.data.sentAt, expiresAt: event.data.expiresAt, usedAt: null } },
      };
    case 'EmailVerified':
      return { ...state, emailVerified: true, codes: useCode(state.codes, event.data.codeHash, event.data.verifiedAt) };
    case 'PasswordResetRequested':
      return {
        ...state,
        passwordResetRequestedAt: event.data.requestedAt,
        codes: { ...state.codes, [event.data.codeHash]: { mode: 'resetPassword', issuedAt: event.data.requestedAt, expiresAt: event.data.expiresAt, usedAt: null } },
      };
    case 'PasswordChanged': {
      // a new password retires every reset link still outstanding
      const codes = retire(useCode(state.codes, event.data.codeHash, event.data.changedAt), 'resetPassword', event.data.changedAt);
      return { ...state, passwordHash: event.data.passwordHash, codes, failedSignIns: 0 };
    }
    case 'EmailChanged':
      // sign-in links mailed to the previous address no longer open the account
      return {
        ...state,
        email: event.data.email,
        emailVerified: false,
        emailVerificationSentAt: null,
        codes: { ...retire(state.codes, 'signIn', event.data.changedAt), [event.data.recoverCodeHash]: { mode: 'recoverEmail', issuedAt: event.data.changedAt, expiresAt: event.data.recoverExpiresAt, usedAt: null, subject: event.data.previousEmail } },
      };
    case 'EmailRecovered':
      return { ...state, email: event.data.email, emailVerified: true, codes: useCode(state.codes, event.data.codeHash, event.data.recoveredAt) };
    case 'ProfileUpdated': {
      const { userId: _u, updatedAt: _t, registerStatus, company: _c, ...shared } = event.data;
      void [_u, _t, _c];
      return { ...withDetails(state, shared), registerStatus: registerStatus ?? state.registerStatus };
    }
    case 'UserDetailsChanged':
      // a manager's change leaves the registration status to the user's own saves
      return withDetails(state, event.data.details);
    case 'UserDeactivated':
      return { ...state, active: false };
    case 'UserReactivated':
      return { ...state, active: true };
    case 'ProfilePictureChanged':
      return { ...state, pictureId: event.data.pictureId };
    case 'ProfilePictureRemoved':
      return { ...state, pictureId: null };
    case 'UserFlagSet':
      return state;
    case 'InteractionRecorded':
      return { ...state, interactions: { ...state.interactions, [event.data.name]: event.data.at } };
    case 'LocaleChanged':
      return { ...state, lang: event.data.lang };
    case 'PhoneVerificationSent':
      return { ...state, codes: { ...state.codes, [event.data.codeHash]: { mode: 'phone', issuedAt: event.data.sentAt, expiresAt: event.data.expiresAt, usedAt: null, subject: event.data.phone } } };
    case 'PhoneLinked': {
      const used = Object.fromEntries(
        Object.entries(state.codes).map(([h, c]) => (c.mode === 'phone' && c.subject === event.data.phone ? [h, { ...c, usedAt: c.usedAt ?? event.data.linkedAt }] : [h, c])),
      );
      return { ...state, phone: event.data.phone, codes: used };
    }
    case 'SignInSucceeded':
      return { ...state, failedSignIns: 0 };
    case 'SignInFailed':
      return { ...state, failedSignIns: state.failedSignIns + 1 };
    case 'SignInLinkSent':
      return { ...state, codes: { ...state.codes, [event.data.codeHash]: { mode: 'signIn', issuedAt: event.data.sentAt, expiresAt: event.data.expiresAt, usedAt: null } } };
    case 'SignInLinkUsed':
      // one link used retires the others still outstanding
      return { ...state, codes: retire(state.codes, 'signIn', event.data.usedAt) };
    // a registered user's stream holds these only from its pre-registration
    case 'InvitationSent':
    case 'UserDeleted':
      return state;
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** Details named in `changes` replace those of `details` (undefined: left as they are). */
const mergeDetails = (details: ManagedUserDetails, changes: ManagedUserDetails): ManagedUserDetails => ({
  ...details,
  ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
});

/** The profile facts and details a change names (the user's ProfileUpdated or a manager's UserDetailsChanged). */
function withDetails(state: RegisteredUser, d: ManagedUserDetails): RegisteredUser {
  return {
    ...state,
    name: d.name !== undefined ? d.name : state.name,
    userType: d.userType !== undefined ? d.userType : state.userType,
    actingArea: d.actingArea !== undefined ? d.actingArea : state.actingArea,
    isInnerEmployee: d.isInnerEmployee !== undefined ? d.isInnerEmployee : state.isInnerEmployee,
    country: d.country ?? state.country,
    details: mergeDetails(state.details, d),
  };
}

/** A pre-registered user's stream until registration (UserRegistered is folded by evolveUser). */
function evolvePreRegistered(state: PreRegisteredUser, event: UserEvent): UserState {
  switch (event.type) {
    case 'InvitationSent':
      return { ...state, invitations: { ...state.invitations, [event.data.codeHash]: { sentAt: event.data.sentAt, expiresAt: event.data.expiresAt } } };
    case 'UserDetailsChanged':
      return { ...state, details: mergeDetails(state.details, event.data.details) };
    case 'AccessChanged': {
      const { roles, permissions, aclTags, companyId, allowedStations } = event.data;
      return { ...state, access: { roles, permissions, aclTags, companyId, allowedStations } };
    }
    case 'UserDeleted':
      return { status: 'deleted', userId: state.userId };
    default:
      return state;
  }
}

export const foldUser = (events: UserEvent[]): UserState => events.reduce(evolveUser, initialUserState());

/** The user aggregate's decider (ADR 0009: the domain exports it; StreamWriter/handleCommand run it). */
export const userDecider = { decide: decideUser, evolve: evolveUser, initial: initialUserState, events: userEvents };
