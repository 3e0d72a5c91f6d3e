import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@portal/testing';
import type { AccessGranted, UserEvent, UserPreRegistered, UserRegistered } from '../contracts/events.js';
import { accessViolations, holdsTag, standingViolations, type GrantingActor, type UserAccess } from './access-policy.js';
import { decideUser, evolveUser, foldUser, initialUserState, PRE_REGISTRATION_ACTOR, type UserCommand } from './user.js';

/**
 * The manager administration's rules (issue 14, ADR 0050), given/when/then on the user decider:
 * scope (404), escalation and own access (403), company (company-invalid), delete vs deactivate,
 * the invitation, and registration taking over a pre-registration.
 */
const user = deciderSpec({ decide: decideUser, evolve: evolveUser, initial: initialUserState });
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T10:05:00.000Z';
const ACME = 'c0000000-0000-7000-8000-000000000a0e';
const OTHER = 'c0000000-0000-7000-8000-000000000b0b';

const actor = (over: Partial<GrantingActor> = {}): GrantingActor => ({ userId: 'm1', roles: ['company_manager'], permissions: ['manage_companies_users', 'view_manager_dashboard'], companyId: ACME, aclTags: ['dist:cp'], ...over });
const manager = actor();
const admin = actor({ userId: 'a1', roles: ['company_admin'], permissions: ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard', 'manage_whatsapp'], aclTags: ['dist:all'] });
const everything = actor({
  userId: 'g1',
  roles: ['company_admin', 'tc_admin', 'tc_manager', 'auditor'],
  permissions: ['manage_all_companies', 'manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard', 'manage_whatsapp'],
  companyId: null,
  aclTags: ['dist:all', 'team:all'],
});
const otherManager = actor({ userId: 'm2', companyId: OTHER });

const learnerAccess: UserAccess = { roles: ['learner'], permissions: [], aclTags: [], companyId: ACME, allowedStations: {} };

const preRegistered = (over: Partial<UserPreRegistered['data']> = {}): UserPreRegistered => ({
  type: 'UserPreRegistered',
  data: { userId: 'u1', email: 'ana@acme.example', details: { name: 'Ana Souza', country: 'BR', group: 'g-north' }, ...learnerAccess, by: 'm1', preRegisteredAt: now, ...over },
});
const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'ana@acme.example', passwordHash: '$argon2id$x', country: 'BR', ref: null, lang: 'pt-BR', consentAt: now, registeredAt: now },
};
const inAcme: AccessGranted = { type: 'AccessGranted', data: { userId: 'u1', ...learnerAccess, grantedAt: now } };
const account: UserEvent[] = [registered, inAcme];

const changeAccess = (by: GrantingActor, access: Partial<UserAccess>): UserCommand => ({ type: 'ChangeAccess', data: { actor: by, access: { ...learnerAccess, ...access }, now: later } });
const accessChanged = (by: GrantingActor, access: Partial<UserAccess>): UserEvent => ({ type: 'AccessChanged', data: { userId: 'u1', ...learnerAccess, ...access, by: by.userId, changedAt: later } });

describe('pre-registration', () => {
  const preRegister = (by: GrantingActor, access: Partial<UserAccess> = {}, invitation: { codeHash: string; expiresAt: string } | null = null): UserCommand => ({
    type: 'PreRegisterUser',
    data: { actor: by, userId: 'u1', email: 'ana@acme.example', details: { name: 'Ana Souza', country: 'BR', group: 'g-north' }, access: { ...learnerAccess, ...access }, invitation, now },
  });
  it('creates a user without an account in the manager\'s company, invited in the same append', () => {
    user
      .given([])
      .when(preRegister(manager, {}, { codeHash: 'h1', expiresAt: later }))
      .then([preRegistered(), { type: 'InvitationSent', data: { userId: 'u1', email: 'ana@acme.example', codeHash: 'h1', by: 'm1', sentAt: now, expiresAt: later } }]);
  });
  it('places a scoped manager\'s users only in their own company (company-invalid), and nowhere without one', () => {
    user.given([]).when(preRegister(manager, { companyId: OTHER })).thenThrows('company-invalid');
    user.given([]).when(preRegister(manager, { companyId: null })).thenThrows('company-invalid');
  });
  it('lets a holder of manage_all_companies place users in any company, or none', () => {
    user.given([]).when(preRegister(everything, { companyId: OTHER })).then([preRegistered({ companyId: OTHER, by: 'g1' })]);
    user.given([]).when(preRegister(everything, { companyId: null })).then([preRegistered({ companyId: null, by: 'g1' })]);
  });
  it('refuses an actor who manages nobody (403)', () => {
    user.given([]).when(preRegister(actor({ permissions: ['view_manager_dashboard'] }))).thenThrows('403');
    user.given([]).when(preRegister(actor({ roles: ['learner'] }))).thenThrows('403');
  });
  it('refuses to grant at creation what the manager could not grant later (escalation)', () => {
    user.given([]).when(preRegister(manager, { roles: ['company_manager'] })).thenThrows('403');
    user.given([]).when(preRegister(admin, { roles: ['auditor'] })).thenThrows('403');
  });
});

describe('escalation refused', () => {
  it('a company manager without manage_companies_managers cannot make a manager, even of a role they hold', () => {
    user.given(account).when(changeAccess(manager, { roles: ['learner', 'company_manager'] })).thenThrows('403');
    user.given(account).when(changeAccess(manager, { permissions: ['view_manager_dashboard'] })).thenThrows('403');
  });
  it('a company admin with manage_companies_managers makes a company manager with the permissions they hold', () => {
    const access = { roles: ['learner', 'company_manager'] as UserAccess['roles'], permissions: ['manage_companies_users', 'view_manager_dashboard'] as UserAccess['permissions'] };
    user.given(account).when(changeAccess(admin, access)).then([accessChanged(admin, access)]);
  });
  it('an admin role holds the manager role of its area, not the other way round', () => {
    const managerWithManagers = actor({ permissions: ['manage_companies_users', 'manage_companies_managers'] });
    user.given(account).when(changeAccess(managerWithManagers, { roles: ['learner', 'company_admin'] })).thenThrows('403');
    user.given(account).when(changeAccess(managerWithManagers, { roles: ['learner', 'company_manager'] })).then([accessChanged(managerWithManagers, { roles: ['learner', 'company_manager'] })]);
  });
  it('nobody grants a role or permission they do not hold', () => {
    user.given(account).when(changeAccess(admin, { permissions: ['manage_all_companies'] })).thenThrows('403');
    user.given(account).when(changeAccess(admin, { roles: ['learner', 'tc_admin'] })).thenThrows('403');
  });
  it('tc_* and auditor come only with manage_all_companies', () => {
    const tcAdminWithout = actor({ userId: 't1', roles: ['company_admin', 'tc_admin'], permissions: ['manage_companies_users', 'manage_companies_managers'] });
    user.given(account).when(changeAccess(tcAdminWithout, { roles: ['learner', 'tc_admin'] })).thenThrows('403');
    user.given(account).when(changeAccess(everything, { roles: ['learner', 'auditor'] })).then([accessChanged(everything, { roles: ['learner', 'auditor'] })]);
  });
  it('withdrawing is judged as granting: a manager cannot strip a permission they may not give', () => {
    const managerUser: UserEvent[] = [registered, { type: 'AccessGranted', data: { userId: 'u1', ...learnerAccess, roles: ['company_manager'], permissions: ['manage_companies_users'], grantedAt: now } }];
    user.given(managerUser).when(changeAccess(manager, { roles: ['company_manager'], permissions: [] })).thenThrows('403');
  });
  it('only what changes is judged: a scoped manager edits the crops of a user who holds more than they do', () => {
    const strong: UserEvent[] = [registered, { type: 'AccessGranted', data: { userId: 'u1', ...learnerAccess, roles: ['company_admin'], permissions: ['manage_companies_managers'], grantedAt: now } }];
    user
      .given(strong)
      .when(changeAccess(manager, { roles: ['company_admin'], permissions: ['manage_companies_managers'], allowedStations: { soja: true } }))
      .then([accessChanged(manager, { roles: ['company_admin'], permissions: ['manage_companies_managers'], allowedStations: { soja: true } })]);
  });
  it('ACL tags: only those held; dist:all holds every dist: tag, not team: tags', () => {
    user.given(account).when(changeAccess(manager, { aclTags: ['dist:cp'] })).then([accessChanged(manager, { aclTags: ['dist:cp'] })]);
    user.given(account).when(changeAccess(manager, { aclTags: ['dist:milho_dekalb'] })).thenThrows('403');
    user.given(account).when(changeAccess(admin, { aclTags: ['dist:milho_dekalb', 'dist:all'] })).then([accessChanged(admin, { aclTags: ['dist:milho_dekalb', 'dist:all'] })]);
    user.given(account).when(changeAccess(admin, { aclTags: ['team:dekalb'] })).thenThrows('403');
  });
  it('moving a user to another company needs that company in scope', () => {
    user.given(account).when(changeAccess(manager, { companyId: OTHER })).thenThrows('company-invalid');
    user.given(account).when(changeAccess(everything, { companyId: OTHER })).then([accessChanged(everything, { companyId: OTHER })]);
  });
  it('allowed crops, including "all", are not limited by the manager\'s own', () => {
    user.given(account).when(changeAccess(manager, { allowedStations: 'all' })).then([accessChanged(manager, { allowedStations: 'all' })]);
  });
  it('the same access again records nothing', () => {
    user.given(account).when(changeAccess(manager, {})).thenNothing();
  });
});

describe('own access refused', () => {
  const self: UserEvent[] = [{ ...registered, data: { ...registered.data, userId: 'a1' } }, { type: 'AccessGranted', data: { userId: 'a1', roles: [...admin.roles], permissions: [...admin.permissions], aclTags: [...admin.aclTags], companyId: ACME, allowedStations: {}, grantedAt: now } }];
  it('a manager cannot change their own access, not even to give up a permission', () => {
    user.given(self).when({ type: 'ChangeAccess', data: { actor: admin, access: { roles: [...admin.roles], permissions: ['manage_companies_users'], aclTags: [...admin.aclTags], companyId: ACME, allowedStations: {} }, now } }).thenThrows('403');
  });
  it('nor deactivate themselves', () => {
    user.given(self).when({ type: 'DeactivateUser', data: { actor: admin, now } }).thenThrows('403');
  });
  it('but may edit their own details', () => {
    user.given(self).when({ type: 'ChangeUserDetails', data: { actor: admin, details: { city: 'Campinas' }, now } }).then([{ type: 'UserDetailsChanged', data: { userId: 'a1', details: { city: 'Campinas' }, by: 'a1', changedAt: now } }]);
  });
});

describe('scope: another company\'s user is unknown (404)', () => {
  it('for every command of the manager', () => {
    for (const command of [
      changeAccess(otherManager, {}),
      { type: 'ChangeUserDetails', data: { actor: otherManager, details: { name: 'X' }, now } },
      { type: 'DeactivateUser', data: { actor: otherManager, now } },
      { type: 'ReactivateUser', data: { actor: otherManager, now } },
      { type: 'DeleteUser', data: { actor: otherManager, now } },
      { type: 'SendInvitation', data: { actor: otherManager, codeHash: 'h', expiresAt: later, cooldownMs: 0, now } },
    ] as UserCommand[]) {
      user.given(account).when(command).thenThrows('404');
      user.given([preRegistered()]).when(command).thenThrows('404');
    }
  });
  it('as is a user who does not exist or was deleted', () => {
    user.given([]).when({ type: 'DeactivateUser', data: { actor: manager, now } }).thenThrows('404');
    user.given([preRegistered(), { type: 'UserDeleted', data: { userId: 'u1', email: 'ana@acme.example', by: 'm1', deletedAt: now } }]).when({ type: 'ChangeUserDetails', data: { actor: manager, details: { name: 'X' }, now } }).thenThrows('404');
  });
});

describe('details', () => {
  it('records only the fields that change', () => {
    user
      .given([preRegistered()])
      .when({ type: 'ChangeUserDetails', data: { actor: manager, details: { name: 'Ana Souza', group: 'g-south', region: null }, now: later } })
      .then([{ type: 'UserDetailsChanged', data: { userId: 'u1', details: { group: 'g-south' }, by: 'm1', changedAt: later } }]);
  });
  it('nothing when nothing changes', () => {
    user.given(account).when({ type: 'ChangeUserDetails', data: { actor: manager, details: { country: 'BR' }, now } }).thenNothing();
  });
});

describe('delete vs deactivate', () => {
  it('a pre-registered user is deleted (the handler then releases the address)', () => {
    user.given([preRegistered()]).when({ type: 'DeleteUser', data: { actor: manager, now: later } }).then([{ type: 'UserDeleted', data: { userId: 'u1', email: 'ana@acme.example', by: 'm1', deletedAt: later } }]);
  });
  it('a user with an account cannot be deleted (unable-delete-account)', () => {
    user.given(account).when({ type: 'DeleteUser', data: { actor: manager, now } }).thenThrows('unable-delete-account');
  });
  it('a user with an account is deactivated, once, and reactivated', () => {
    const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId: 'u1', by: 'm1', deactivatedAt: later } };
    user.given(account).when({ type: 'DeactivateUser', data: { actor: manager, now: later } }).then([deactivated]);
    user.given([...account, deactivated]).when({ type: 'DeactivateUser', data: { actor: manager, now: later } }).thenNothing();
    user.given([...account, deactivated]).when({ type: 'ReactivateUser', data: { actor: manager, now: later } }).then([{ type: 'UserReactivated', data: { userId: 'u1', by: 'm1', reactivatedAt: later } }]);
    user.given(account).when({ type: 'ReactivateUser', data: { actor: manager, now: later } }).thenNothing();
  });
  it('a pre-registered user has no account to deactivate', () => {
    user.given([preRegistered()]).when({ type: 'DeactivateUser', data: { actor: manager, now } }).thenThrows('app/bed-request');
  });
  it('a manager without manage_companies_managers cannot shut out a company admin', () => {
    const companyAdmin: UserEvent[] = [registered, { type: 'AccessGranted', data: { userId: 'u1', ...learnerAccess, roles: ['company_admin'], permissions: ['manage_companies_users'], grantedAt: now } }];
    user.given(companyAdmin).when({ type: 'DeactivateUser', data: { actor: manager, now } }).thenThrows('403');
    user.given(companyAdmin).when({ type: 'DeactivateUser', data: { actor: admin, now } }).then([{ type: 'UserDeactivated', data: { userId: 'u1', by: 'a1', deactivatedAt: now } }]);
  });
});

describe('a deactivated user', () => {
  const deactivated: UserEvent[] = [...account, { type: 'UserDeactivated', data: { userId: 'u1', by: 'm1', deactivatedAt: now } }];
  it('signing in with the right password is refused with user-disabled; a wrong one is recorded as before', () => {
    user.given(deactivated).when({ type: 'RecordSignIn', data: { userId: 'u1', sessionId: 's1', succeeded: true, ip: null, now } }).thenThrows('user-disabled');
    user.given(deactivated).when({ type: 'RecordSignIn', data: { userId: 'u1', sessionId: '', succeeded: false, ip: null, now } }).then([{ type: 'SignInFailed', data: { userId: 'u1', at: now, ip: null, reason: 'invalid-credential' } }]);
  });
  it('gets no sign-in link, and a link sent before cannot be used', () => {
    user.given(deactivated).when({ type: 'SendSignInLink', data: { codeHash: 'h', now, expiresAt: later, cooldownMs: 0 } }).thenNothing();
    const linked: UserEvent[] = [...account, { type: 'SignInLinkSent', data: { userId: 'u1', email: 'ana@acme.example', codeHash: 'h', sentAt: now, expiresAt: later } }, { type: 'UserDeactivated', data: { userId: 'u1', by: 'm1', deactivatedAt: now } }];
    user.given(linked).when({ type: 'UseSignInLink', data: { codeHash: 'h', sessionId: 's', ip: null, now } }).thenThrows('user-disabled');
  });
  it('signs in again once reactivated', () => {
    user
      .given([...deactivated, { type: 'UserReactivated', data: { userId: 'u1', by: 'm1', reactivatedAt: now } }])
      .when({ type: 'RecordSignIn', data: { userId: 'u1', sessionId: 's1', succeeded: true, ip: null, now } })
      .then([{ type: 'SignInSucceeded', data: { userId: 'u1', sessionId: 's1', at: now, ip: null } }]);
  });
});

describe('invitations', () => {
  const invite = (at: string): UserCommand => ({ type: 'SendInvitation', data: { actor: manager, codeHash: `h-${at}`, expiresAt: '2026-12-01T00:00:00.000Z', cooldownMs: 60_000, now: at } });
  const sent = (at: string): UserEvent => ({ type: 'InvitationSent', data: { userId: 'u1', email: 'ana@acme.example', codeHash: `h-${at}`, by: 'm1', sentAt: at, expiresAt: '2026-12-01T00:00:00.000Z' } });
  it('mails a pre-registered user again, at most once a minute', () => {
    user.given([preRegistered()]).when(invite(now)).then([sent(now)]);
    user.given([preRegistered(), sent(now)]).when(invite('2026-11-21T10:00:30.000Z')).thenThrows('too-many-requests');
    user.given([preRegistered(), sent(now)]).when(invite('2026-11-21T10:01:00.000Z')).then([sent('2026-11-21T10:01:00.000Z')]);
  });
  it('not a user who already has an account', () => {
    user.given(account).when(invite(now)).thenThrows('action-already-validated');
  });
});

describe('registration takes over a pre-registration', () => {
  const register = (over: { invitationCodeHash?: string | null; now?: string; email?: string } = {}): UserCommand => ({
    type: 'RegisterUser',
    data: { userId: 'u1', email: over.email ?? 'ana@acme.example', passwordHash: '$argon2id$x', country: 'AR', ref: null, lang: 'es', consent: true, now: over.now ?? later, invitationCodeHash: over.invitationCodeHash ?? null },
  });
  const given = [preRegistered({ roles: ['learner', 'company_manager'], permissions: ['manage_companies_users'], allowedStations: { soja: true }, aclTags: ['dist:cp'] }), { type: 'InvitationSent', data: { userId: 'u1', email: 'ana@acme.example', codeHash: 'inv', by: 'm1', sentAt: now, expiresAt: '2026-11-28T10:00:00.000Z' } } as UserEvent];
  const taken: UserEvent[] = [
    { type: 'UserRegistered', data: { userId: 'u1', email: 'ana@acme.example', passwordHash: '$argon2id$x', country: 'AR', ref: null, lang: 'es', consentAt: later, registeredAt: later } },
    { type: 'AccessGranted', data: { userId: 'u1', roles: ['learner', 'company_manager'], permissions: ['manage_companies_users'], aclTags: ['dist:cp'], companyId: ACME, allowedStations: { soja: true }, grantedAt: later } },
    { type: 'UserDetailsChanged', data: { userId: 'u1', details: { name: 'Ana Souza', group: 'g-north' }, by: PRE_REGISTRATION_ACTOR, changedAt: later } },
  ];
  it('the account lands in the company with the access and details the manager set (the country is the user\'s own choice)', () => {
    user.given(given).when(register()).then(taken);
    const state = foldUser([...given, ...taken]);
    expect(state).toMatchObject({ status: 'registered', companyId: ACME, roles: ['learner', 'company_manager'], allowedStations: { soja: true }, name: 'Ana Souza', country: 'AR', active: true, emailVerified: false });
  });
  it('the invitation\'s token proves the mailbox: the address is verified at once', () => {
    user.given(given).when(register({ invitationCodeHash: 'inv' })).then([...taken, { type: 'EmailVerified', data: { userId: 'u1', email: 'ana@acme.example', verifiedAt: later } }]);
  });
  it('an expired or unknown invitation registers without verifying', () => {
    user.given(given).when(register({ invitationCodeHash: 'inv', now: '2026-11-29T00:00:00.000Z' })).then(
      taken.map((e) => ({ ...e, data: { ...e.data, ...('registeredAt' in e.data ? { consentAt: '2026-11-29T00:00:00.000Z', registeredAt: '2026-11-29T00:00:00.000Z' } : 'grantedAt' in e.data ? { grantedAt: '2026-11-29T00:00:00.000Z' } : { changedAt: '2026-11-29T00:00:00.000Z' }) } }) as UserEvent),
    );
    user.given(given).when(register({ invitationCodeHash: 'other' })).then(taken);
  });
  it('only with the pre-registered address, and only once', () => {
    user.given(given).when(register({ email: 'someone@else.example' })).thenThrows('email-already-in-use');
    user.given([...given, ...taken]).when(register()).thenThrows('email-already-in-use');
  });
  it('a deleted pre-registration is never taken over', () => {
    user.given([...given, { type: 'UserDeleted', data: { userId: 'u1', email: 'ana@acme.example', by: 'm1', deletedAt: now } }]).when(register()).thenThrows('email-already-in-use');
  });
});

describe('access policy (pure)', () => {
  it('holdsTag: a tag as such, or its family\'s all', () => {
    expect(holdsTag({ aclTags: ['dist:all'] }, 'dist:soja_monsoy')).toBe(true);
    expect(holdsTag({ aclTags: ['dist:all'] }, 'team:dekalb')).toBe(false);
    expect(holdsTag({ aclTags: ['team:all'] }, 'team:dekalb')).toBe(true);
    expect(holdsTag({ aclTags: ['dist:cp'] }, 'dist:cp')).toBe(true);
  });
  it('names every fault at once', () => {
    expect(accessViolations(manager, 'u1', learnerAccess, { ...learnerAccess, roles: ['learner', 'tc_admin'], companyId: OTHER }).map((v) => v.kind)).toEqual(['not-held', 'needs-permission', 'company-out-of-scope']);
  });
  it('standing: own record refused; a learner of the company is fine', () => {
    expect(standingViolations(manager, 'm1', learnerAccess)).toEqual([{ kind: 'own-access' }]);
    expect(standingViolations(manager, 'u1', learnerAccess)).toEqual([]);
  });
});
