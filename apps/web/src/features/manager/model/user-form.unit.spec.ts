import { describe, expect, it } from 'vitest';
import { managedUserUpsertSchema } from '@portal/identity/contracts/user-admin.http';
import type { ManagedUser } from '@portal/identity/contracts/user-directory.http';
import { emptyUserForm, isEmptyUpdate, serverProblems, tabOf, toUpsertBody, userFormValues, validateUserForm, type UpsertOptions } from './user-form';

const COMPANY = '01900000-0000-7000-8000-00000000c0de';

const user: ManagedUser = {
  userId: '01900000-0000-7000-8000-0000000000aa',
  email: 'joao@cooperativa.demo',
  name: 'João Araújo',
  company: null,
  country: 'BR',
  state: 'Paraná',
  city: 'Londrina',
  userType: 'farmer',
  otherUserType: null,
  actingArea: null,
  otherActingArea: null,
  defaultStation: 'soja',
  phone: null,
  salesTeam: null,
  dn: null,
  regional: null,
  position: null,
  isInnerEmployee: false,
  responsible: null,
  group: null,
  region: null,
  expertState: null,
  theme: null,
  subTheme: null,
  businessRegion: null,
  businessUnit: null,
  hasAccount: true,
  active: true,
  companyManager: false,
  emailVerified: true,
  roles: ['learner', 'tc_admin'],
  permissions: [],
  aclTags: ['dist:all'],
  companyId: COMPANY,
  allowedStations: { soja: true },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  lastActiveAt: null,
  firstActivityAt: null,
  invitedAt: null,
};

const update = (patch: Partial<UpsertOptions> = {}): UpsertOptions => ({
  userId: user.userId,
  initial: userFormValues(user),
  other: { userType: false, actingArea: false },
  accessEditable: true,
  lang: 'pt-BR',
  sendInvitation: false,
  ...patch,
});

describe('the user drawer checks 001 §5', () => {
  const creating = { creating: true, allCompanies: false };
  const fresh = () => emptyUserForm({ companyId: COMPANY, country: 'BR' });

  it('a new user needs an e-mail, a name and a country; the company is the manager\'s', () => {
    const issues = validateUserForm({ ...fresh(), country: '' }, creating);
    expect(issues).toEqual({ email: { rule: 'required' }, name: { rule: 'required' }, country: { rule: 'required' } });
  });

  it('e-mail, name and places have their rules', () => {
    const issues = validateUserForm({ ...fresh(), email: 'joao@', name: 'J', city: 'Rua 7', phone: 'call me' }, creating);
    expect(issues).toEqual({ email: { rule: 'email' }, name: { rule: 'atLeast', length: 2 }, city: { rule: 'lettersOnly' }, phone: { rule: 'numeric' } });
    expect(validateUserForm({ ...fresh(), email: 'a@b.co', name: '   ', phone: '12' }, creating)).toEqual({ name: { rule: 'notEmpty' }, phone: { rule: 'phoneNumberInvalid' } });
    expect(validateUserForm({ ...fresh(), email: 'a@b.co', name: 'Ana 2' }, creating)).toEqual({ name: { rule: 'lettersOnly' } });
    expect(validateUserForm({ ...fresh(), email: 'a@b.co', name: 'A'.repeat(121) }, creating)).toEqual({ name: { rule: 'maxLength', length: 120 } });
  });

  it('a company must be a real id; only manage_all_companies may leave it empty; a user keeps a role', () => {
    expect(validateUserForm({ ...fresh(), email: 'a@b.co', name: 'Ana', companyId: '00000000-0000-0000-0000-000000000000' }, creating)).toEqual({ companyId: { rule: 'uuidNotEmpty' } });
    expect(validateUserForm({ ...fresh(), email: 'a@b.co', name: 'Ana', companyId: '' }, creating)).toEqual({ companyId: { rule: 'required' } });
    expect(validateUserForm({ ...fresh(), email: 'a@b.co', name: 'Ana', companyId: '' }, { creating: true, allCompanies: true })).toEqual({});
    expect(validateUserForm({ ...fresh(), email: 'a@b.co', name: 'Ana', roles: [] }, creating)).toEqual({ roles: { rule: 'notEmpty' } });
  });

  it('an edit does not ask again for the e-mail (it cannot change)', () => {
    expect(validateUserForm(userFormValues(user), { creating: false, allCompanies: false })).toEqual({});
  });
});

describe('the upsert body', () => {
  it('a new user: the filled fields, the whole access and the invitation, valid for the contract', () => {
    const values = { ...emptyUserForm({ companyId: COMPANY, country: 'BR' }), email: ' Nova@Cooperativa.demo ', name: 'Nova Pessoa', city: 'Londrina', stations: ['soja', 'milho'] };
    const body = toUpsertBody(values, { ...update({ userId: null, sendInvitation: true }), initial: values });
    expect(body).toEqual({
      email: 'Nova@Cooperativa.demo',
      country: 'BR',
      isInnerEmployee: false,
      name: 'Nova Pessoa',
      city: 'Londrina',
      roles: ['learner'],
      permissions: [],
      aclTags: [],
      companyId: COMPANY,
      allowedStations: { soja: true, milho: true },
      lang: 'pt-BR',
      sendInvitation: true,
    });
    expect(managedUserUpsertSchema.safeParse(body).success).toBe(true);
  });

  it('an edit of the allowed crops sends only them: roles the manager cannot grant are not touched', () => {
    const values = { ...userFormValues(user), stations: ['soja', 'milho'] };
    const body = toUpsertBody(values, update());
    expect(body).toEqual({ id: user.userId, allowedStations: { soja: true, milho: true } });
    expect(managedUserUpsertSchema.safeParse(body).success).toBe(true);
    expect(toUpsertBody({ ...userFormValues(user), allStations: true }, update())).toEqual({ id: user.userId, allowedStations: 'all' });
  });

  it('a cleared field is sent as null; an unchanged form sends nothing', () => {
    expect(toUpsertBody({ ...userFormValues(user), city: ' ' }, update())).toEqual({ id: user.userId, city: null });
    expect(isEmptyUpdate(toUpsertBody(userFormValues(user), update()))).toBe(true);
  });

  it('the manager\'s own user: access changes are not sent', () => {
    expect(toUpsertBody({ ...userFormValues(user), roles: ['learner'] }, update({ accessEditable: false }))).toEqual({ id: user.userId });
  });

  it('the free text of "Other" counts only while Other is chosen', () => {
    const values = { ...userFormValues(user), userType: 'other', otherUserType: 'Consultor' };
    expect(toUpsertBody(values, update({ other: { userType: true, actingArea: false } }))).toEqual({ id: user.userId, userType: 'other', otherUserType: 'Consultor' });
    expect(toUpsertBody(values, update())).toEqual({ id: user.userId, userType: 'other' });
  });
});

describe('the server\'s refusals on their fields', () => {
  it('the e-mail and company codes of 001 §8', () => {
    expect(serverProblems({ code: 'email-already-in-use', details: [] })).toEqual({ email: { kind: 'code', code: 'email-already-in-use' } });
    expect(serverProblems({ code: 'company-email-already-in-use', details: [] })).toEqual({ email: { kind: 'code', code: 'company-email-already-in-use' } });
    expect(serverProblems({ code: 'company-invalid', details: [] })).toEqual({ companyId: { kind: 'code', code: 'company-invalid' } });
    expect(serverProblems({ code: 'unable-delete-account', details: [] })).toEqual({});
  });

  it('a 400\'s field errors with the 001 §5 rule the contract names', () => {
    const problems = serverProblems({
      code: 'app/bed-request',
      details: [
        { path: 'name', message: 'lettersOnly' },
        { path: 'city', message: 'maxLength' },
        { path: 'allowedStations.x y', message: 'Invalid string' },
        { path: 'companyId', message: 'uuidNotEmpty' },
      ],
    });
    expect(problems).toEqual({
      name: { kind: 'rule', rule: { rule: 'lettersOnly' } },
      city: { kind: 'rule', rule: { rule: 'maxLength', length: 80 } },
      stations: { kind: 'code', code: '400' },
      companyId: { kind: 'rule', rule: { rule: 'uuidNotEmpty' } },
    });
    expect(tabOf('stations')).toBe('access');
    expect(tabOf('companyId')).toBe('organisation');
  });
});
