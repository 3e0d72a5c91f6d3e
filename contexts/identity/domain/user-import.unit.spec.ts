import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../contracts/events.js';
import type { GrantingActor, UserAccess } from './access-policy.js';
import { decideImportRow, type ImportRowContext, type ImportRowInput } from './user-import.js';
import { foldUser, initialUserState } from './user.js';

/**
 * A row of a company's import file (ADR 0055), given the user its address is claimed for: the
 * upsert's commands, judged by the user decider, and the file's one company.
 */
const now = '2026-11-21T10:00:00.000Z';
const ACME = 'c0000000-0000-7000-8000-000000000a0e';
const OTHER = 'c0000000-0000-7000-8000-000000000b0b';
const manager: GrantingActor = { userId: 'm1', roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: ACME, aclTags: [] };
const learnerAccess: UserAccess = { roles: ['learner'], permissions: [], aclTags: [], companyId: ACME, allowedStations: { soja: true } };
const ctx = (over: Partial<ImportRowContext> = {}): ImportRowContext => ({ actor: manager, companyId: ACME, newUserId: 'new-1', invitation: null, defaultCountry: 'BR', now, ...over });
const row = (over: Partial<ImportRowInput> = {}): ImportRowInput => ({ email: 'ana@acme.example', details: { name: 'Ana Souza', city: 'Londrina' }, access: {}, ...over });

const preRegisteredIn = (companyId: string, userId = 'u1'): UserEvent[] => [
  { type: 'UserPreRegistered', data: { userId, email: 'ana@acme.example', details: { name: 'Ana Souza', city: 'Londrina', country: 'BR' }, ...learnerAccess, companyId, by: 'm1', preRegisteredAt: now } },
];
const accountIn = (companyId: string | null, userId = 'u1'): UserEvent[] => [
  { type: 'UserRegistered', data: { userId, email: 'ana@acme.example', passwordHash: 'x', country: 'BR', ref: null, lang: 'pt-BR', consentAt: now, registeredAt: now } },
  { type: 'AccessGranted', data: { userId, ...learnerAccess, companyId, grantedAt: now } },
  { type: 'UserDetailsChanged', data: { userId, details: { name: 'Ana Souza', city: 'Londrina' }, by: 'm1', changedAt: now } },
];

describe('a row whose address nobody holds', () => {
  it('pre-registers the user in the file\'s company, a learner, in the manager\'s country unless the row names one', () => {
    const decision = decideImportRow(ctx(), row(), initialUserState());
    expect(decision).toMatchObject({ action: 'create', userId: 'new-1', errors: [] });
    expect(decision.commands).toEqual([
      {
        type: 'PreRegisterUser',
        data: { actor: manager, userId: 'new-1', email: 'ana@acme.example', details: { name: 'Ana Souza', city: 'Londrina', country: 'BR' }, access: { roles: ['learner'], permissions: [], aclTags: [], companyId: ACME, allowedStations: {} }, invitation: null, now },
      },
    ]);
    const inAr = decideImportRow(ctx(), row({ details: { name: 'Ana Souza', country: 'AR' } }), initialUserState());
    expect(inAr.commands[0]).toMatchObject({ data: { details: { country: 'AR' } } });
  });

  it('refuses access the manager may not grant, naming each value', () => {
    const decision = decideImportRow(ctx(), row({ access: { roles: ['learner', 'company_manager'], aclTags: ['dist:cp'] } }), initialUserState());
    expect(decision).toMatchObject({ action: 'invalid', commands: [] });
    expect(decision.errors).toEqual([
      { field: 'roles', code: 'needs:manage_companies_managers', value: 'company_manager' },
      { field: 'aclTags', code: 'not-held', value: 'dist:cp' },
    ]);
  });

  it('a row without a name creates nobody: the name is required (ADR 0082)', () => {
    for (const details of [{}, { city: 'Londrina' }, { name: null }]) {
      const decision = decideImportRow(ctx(), row({ details }), initialUserState());
      expect(decision).toMatchObject({ action: 'invalid', commands: [], errors: [{ field: 'name', code: 'required' }] });
    }
    // a user of the company keeps their name when the row leaves the cell empty
    expect(decideImportRow(ctx(), row({ details: { city: 'Maringá' } }), foldUser(preRegisteredIn(ACME)))).toMatchObject({ action: 'update', changes: ['city'] });
  });

  it('a manager without manage_companies_users imports nobody', () => {
    const decision = decideImportRow(ctx({ actor: { ...manager, permissions: [] } }), row(), initialUserState());
    expect(decision).toMatchObject({ action: 'invalid', errors: [{ field: 'row', code: '403' }] });
  });
});

describe('a row of a user of the file\'s company', () => {
  it('the same values: unchanged, nothing to run (the second run of a file)', () => {
    for (const events of [preRegisteredIn(ACME), accountIn(ACME)]) {
      expect(decideImportRow(ctx(), row({ access: { roles: ['learner'], allowedStations: { soja: true } } }), foldUser(events))).toEqual({ action: 'unchanged', userId: 'u1', commands: [], changes: [], errors: [] });
    }
  });

  it('other values: the details and the access that differ, as the upsert\'s commands', () => {
    const decision = decideImportRow(ctx(), row({ details: { city: 'Campinas', name: 'Ana Souza' }, access: { allowedStations: 'all' } }), foldUser(accountIn(ACME)));
    expect(decision).toMatchObject({ action: 'update', userId: 'u1', changes: ['city', 'allowedStations'] });
    expect(decision.commands.map((c) => c.type)).toEqual(['ChangeUserDetails', 'ChangeAccess']);
    expect(decision.commands[1]).toMatchObject({ data: { access: { ...learnerAccess, allowedStations: 'all' } } });
  });

  it('the manager\'s own row may change their details, not their access', () => {
    const self = foldUser(accountIn(ACME, 'm1'));
    expect(decideImportRow(ctx(), row({ details: { city: 'Campinas' } }), self)).toMatchObject({ action: 'update', changes: ['city'] });
    expect(decideImportRow(ctx(), row({ access: { roles: ['learner', 'company_manager'] } }), self).errors).toEqual([{ field: 'roles', code: 'own-access' }]);
  });
});

describe('a row of an address held outside the file\'s company', () => {
  it('another company\'s pre-registration: company-email-already-in-use; an account elsewhere or in no company: email-already-in-use', () => {
    expect(decideImportRow(ctx(), row(), foldUser(preRegisteredIn(OTHER))).errors).toEqual([{ field: 'email', code: 'company-email-already-in-use' }]);
    expect(decideImportRow(ctx(), row(), foldUser(accountIn(OTHER))).errors).toEqual([{ field: 'email', code: 'email-already-in-use' }]);
    expect(decideImportRow(ctx(), row(), foldUser(accountIn(null))).errors).toEqual([{ field: 'email', code: 'email-already-in-use' }]);
  });

  it('even for a holder of manage_all_companies: a file names one company', () => {
    const global: GrantingActor = { ...manager, permissions: ['manage_all_companies', 'manage_companies_users'] };
    expect(decideImportRow(ctx({ actor: global }), row(), foldUser(accountIn(OTHER)))).toMatchObject({ action: 'invalid', userId: null, errors: [{ field: 'email', code: 'email-already-in-use' }] });
  });
});
