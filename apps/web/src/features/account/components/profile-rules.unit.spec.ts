import { describe, expect, it } from 'vitest';
import type { UserData } from '@portal/identity/contracts/http';
import { changesEmail, cropChoices, emptySaveOutcome, missingForCompletion, profileFormValues, profilePatch, registerProgress, validatePicture, validateProfile, type ProfileValues } from './profile-rules';

const user: UserData = {
  uid: 'u1',
  email: 'ana@example.com',
  emailVerified: true,
  lang: 'pt-BR',
  createdAt: '2026-01-01T00:00:00.000Z',
  profilePicture: null,
  actingArea: 'Nulo',
  userType: null,
  registerStatus: 'None',
  isInnerEmployee: null,
  country: 'BR',
  company: null,
  name: null,
  roles: ['learner'],
  permissions: [],
  aclTags: [],
  companyId: null,
  allowedStations: {},
  defaultStation: null,
  hasStationsAccess: false,
  emailVerificationSentAt: '2026-01-01T00:00:00.000Z',
  interactions: { advertenceAlertConfirmed: null, firstVideoContentViewed: null },
  state: null,
  city: null,
  phone: null,
  phoneVerified: false,
  flags: {},
  displayName: 'ana',
  initials: 'A',
};

const values = (overrides: Partial<ProfileValues> = {}): ProfileValues => ({ ...profileFormValues(user), ...overrides });

describe('profileFormValues', () => {
  it('shows Nulo and null as empty, and isInnerEmployee null as no', () => {
    expect(profileFormValues(user)).toEqual({
      name: '',
      email: 'ana@example.com',
      country: 'BR',
      state: '',
      city: '',
      phone: '',
      company: '',
      userType: '',
      isInnerEmployee: false,
      actingArea: '',
      defaultStation: '',
    });
  });
});

describe('validateProfile', () => {
  it('accepts a plain profile', () => {
    expect(validateProfile(values({ name: 'Ana Souza', userType: 'Agricultor', phone: '+55 (11) 98765-4321' }))).toEqual({});
  });

  it('needs a valid e-mail and a known country', () => {
    expect(validateProfile(values({ email: '', country: '' }))).toEqual({ email: { rule: 'required' }, country: { rule: 'required' } });
    expect(validateProfile(values({ email: 'ana@', country: 'US' }))).toEqual({ email: { rule: 'email' }, country: { rule: 'required' } });
  });

  it('limits lengths and checks the phone format', () => {
    expect(validateProfile(values({ name: 'x'.repeat(121), city: 'y'.repeat(81), phone: '12-ab' }))).toEqual({
      name: { rule: 'maxLength', length: 120 },
      city: { rule: 'maxLength', length: 80 },
      phone: { rule: 'phoneNumberInvalid' },
    });
  });

  it('only accepts the listed user types and, for inner employees, acting areas', () => {
    expect(validateProfile(values({ userType: 'Pirata' }))).toEqual({ userType: { rule: 'required' } });
    expect(validateProfile(values({ isInnerEmployee: true, actingArea: 'Vendas' }))).toEqual({});
    expect(validateProfile(values({ isInnerEmployee: true, actingArea: 'Finance' }))).toEqual({ actingArea: { rule: 'required' } });
    expect(validateProfile(values({ isInnerEmployee: false, actingArea: 'Finance' }))).toEqual({});
  });
});

describe('missingForCompletion (registerStatus Completed)', () => {
  it('needs name, country and user type', () => {
    expect(missingForCompletion(values({ country: '' }))).toEqual(['name', 'country', 'userType']);
    expect(missingForCompletion(values({ name: 'Ana', userType: 'Cooperativa' }))).toEqual([]);
  });

  it('needs an acting area for inner employees only; Nulo counts as missing', () => {
    expect(missingForCompletion(values({ name: 'Ana', userType: 'Distribuidor', isInnerEmployee: true }))).toEqual(['actingArea']);
    expect(missingForCompletion(values({ name: 'Ana', userType: 'Distribuidor', isInnerEmployee: true, actingArea: 'Nulo' }))).toEqual(['actingArea']);
    expect(missingForCompletion(values({ name: 'Ana', userType: 'Nulo' }))).toEqual(['userType']);
    expect(missingForCompletion(values({ name: '  ', userType: 'Agricultor' }))).toEqual(['name']);
  });
});

describe('registerProgress', () => {
  it('goes None -> UserProfile -> Completed', () => {
    expect(registerProgress('None')).toBe(0);
    expect(registerProgress('UserProfile')).toBe(50);
    expect(registerProgress('Completed')).toBe(100);
  });
});

describe('profilePatch', () => {
  it('sends nothing when nothing changed', () => {
    expect(profilePatch(user, values())).toEqual({});
  });

  it('sends only what changed, trimmed, empty as null', () => {
    expect(profilePatch(user, values({ name: ' Ana Souza ', city: 'Campinas', userType: 'Agricultor' }))).toEqual({
      name: 'Ana Souza',
      city: 'Campinas',
      userType: 'Agricultor',
    });
    expect(profilePatch({ ...user, company: 'Coop', userType: 'Cooperativa' }, values({ company: '', userType: '' }))).toEqual({ company: null, userType: null });
  });

  it('sends isInnerEmployee when it changes from no, with the acting area', () => {
    expect(profilePatch(user, values({ isInnerEmployee: true, actingArea: 'Marketing' }))).toEqual({ isInnerEmployee: true, actingArea: 'Marketing' });
    expect(profilePatch({ ...user, isInnerEmployee: true, actingArea: 'Vendas' }, values({ isInnerEmployee: false, actingArea: 'Vendas' }))).toEqual({
      isInnerEmployee: false,
    });
  });

  it('ignores the acting area of someone who is not an inner employee', () => {
    expect(profilePatch(user, values({ actingArea: 'Vendas' }))).toEqual({});
  });

  it('sends a new country and a new e-mail (normalised); an e-mail change is flagged', () => {
    const patch = profilePatch(user, values({ country: 'AR', email: ' Ana.Nova@Example.com ' }));
    expect(patch).toEqual({ country: 'AR', email: 'ana.nova@example.com' });
    expect(changesEmail(patch)).toBe(true);
    expect(changesEmail(profilePatch(user, values({ email: 'ANA@example.com' })))).toBe(false);
  });
});

describe('validatePicture (000 §5)', () => {
  it('accepts png, jpeg, webp and gif up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) expect(validatePicture({ type, size: 1024 })).toBeUndefined();
    expect(validatePicture({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeUndefined();
  });

  it('refuses other files with "file must be an image"', () => {
    expect(validatePicture({ type: 'application/pdf', size: 10 })).toEqual({ rule: 'image' });
    expect(validatePicture({ type: 'image/svg+xml', size: 10 })).toEqual({ rule: 'image' });
    expect(validatePicture({ type: '', size: 10 })).toEqual({ rule: 'image' });
  });

  it('refuses larger files with the limit in KB', () => {
    expect(validatePicture({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toEqual({ rule: 'fileSize', size: 2048 });
  });
});

describe('saving with nothing changed (issue 13)', () => {
  it('names the required fields still missing instead of saying there is nothing to save', () => {
    expect(emptySaveOutcome(user, values())).toEqual({ kind: 'missing', fields: ['name', 'userType'] });
    expect(emptySaveOutcome(user, values({ name: 'Ana' }))).toEqual({ kind: 'save' });
    const complete: UserData = { ...user, name: 'Ana', userType: 'Agricultor', registerStatus: 'Completed' };
    expect(emptySaveOutcome(complete, profileFormValues(complete))).toEqual({ kind: 'nothing' });
  });
});

describe('cropChoices', () => {
  const station = (stationId: string, listingOrder: number, extra: Partial<{ parentId: string | null; displayCategory: string }> = {}) => ({
    stationId,
    parentId: null,
    displayCategory: 'crop',
    listingOrder,
    title: { 'pt-BR': `${stationId} pt`, es: `${stationId} es`, en: `${stationId} en` },
    ...extra,
  });
  it('lists the root crops the learner can open, in listing order, named in the current language', () => {
    const stations = [station('milho', 2), station('soja', 1), station('soja-plantio', 3, { parentId: 'soja' }), station('tr_gestao', 4, { displayCategory: 'trails' })];
    expect(cropChoices(stations, 'es', '')).toEqual([
      { value: 'soja', label: 'soja es' },
      { value: 'milho', label: 'milho es' },
    ]);
  });
  it('keeps a stored value that is no longer offered', () => {
    expect(cropChoices([station('soja', 1)], 'en', 'trigo').map((c) => c.value)).toEqual(['soja', 'trigo']);
  });
});
