import { describe, expect, it } from 'vitest';
import { canAccessStation, canEnterManagerArea, canManageUsers, canViewManagerDashboard, hasAclTag, hasAnyRole, hasArea, hasCompany, hasPermission, hasRole, hasStationsAccess, isCountry, listsArea, type AccessSubject } from './access';

const learner: AccessSubject = {
  roles: ['learner'],
  permissions: [],
  aclTags: ['dist:cp'],
  companyId: null,
  country: 'BR',
  allowedStations: { soja: true, milho: true },
  hasStationsAccess: true,
};

const manager: AccessSubject = {
  roles: ['company_manager'],
  permissions: ['view_manager_dashboard', 'manage_companies_users'],
  aclTags: ['dist:all', 'team:dekalb'],
  companyId: '01900000-0000-7000-8000-00000000c0de',
  country: 'MX',
  allowedStations: 'all',
  hasStationsAccess: false,
};

describe('role and permission checks (000 §6)', () => {
  it('checks one role', () => {
    expect(hasRole(manager, 'company_manager')).toBe(true);
    expect(hasRole(manager, 'company_admin')).toBe(false);
    expect(hasRole(null, 'learner')).toBe(false);
  });

  it('checks any of several roles', () => {
    expect(hasAnyRole(manager, ['company_admin', 'company_manager'])).toBe(true);
    expect(hasAnyRole(learner, ['tc_manager', 'tc_admin'])).toBe(false);
    expect(hasAnyRole(manager, [])).toBe(false);
    expect(hasAnyRole(undefined, ['learner'])).toBe(false);
  });

  it('checks a named permission', () => {
    expect(hasPermission(manager, 'view_manager_dashboard')).toBe(true);
    expect(hasPermission(manager, 'manage_all_companies')).toBe(false);
    expect(hasPermission(learner, 'view_manager_dashboard')).toBe(false);
    expect(hasPermission(null, 'manage_whatsapp')).toBe(false);
  });
});

describe('isCountry', () => {
  it('is case-sensitive and accepts several countries', () => {
    expect(isCountry(learner, 'BR')).toBe(true);
    expect(isCountry(learner, 'br')).toBe(false);
    expect(isCountry(manager, 'AR', 'MX')).toBe(true);
    expect(isCountry(manager)).toBe(false);
  });

  it('is false without a country or a user', () => {
    expect(isCountry({ ...learner, country: null }, 'BR')).toBe(false);
    expect(isCountry(null, 'BR')).toBe(false);
  });
});

describe('canAccessStation', () => {
  it('grants the stations of the map only', () => {
    expect(canAccessStation(learner, 'soja')).toBe(true);
    expect(canAccessStation(learner, 'cafe')).toBe(false);
    expect(canAccessStation(learner, 'toString')).toBe(false);
    expect(canAccessStation(learner, '')).toBe(false);
  });

  it('grants every station with "all"', () => {
    expect(canAccessStation(manager, 'anything')).toBe(true);
  });

  it('grants nothing without a user or with an empty map', () => {
    expect(canAccessStation(null, 'soja')).toBe(false);
    expect(canAccessStation({ ...learner, allowedStations: {} }, 'soja')).toBe(false);
  });
});

describe('hasArea', () => {
  const stations = [
    { id: 'soja', areas: ['training', 'default'] },
    { id: 'cafe', areas: ['journey'] },
    { id: 'milho', areas: [] },
  ];

  it('needs a station of the area that the user may open', () => {
    expect(hasArea(learner, stations, 'training')).toBe(true);
    expect(hasArea(learner, stations, 'journey')).toBe(false);
    expect(hasArea(manager, stations, 'journey')).toBe(true);
  });

  it('puts stations without areas in the default area', () => {
    expect(hasArea({ ...learner, allowedStations: { milho: true } }, stations, 'default')).toBe(true);
    expect(hasArea({ ...learner, allowedStations: { milho: true } }, stations, 'training')).toBe(false);
  });

  it('is false without stations or a user', () => {
    expect(hasArea(manager, [], 'training')).toBe(false);
    expect(hasArea(null, stations, 'training')).toBe(false);
  });
});

describe('listsArea (over the stations the API listed for the user, ADR 0033)', () => {
  it('needs a listed station of the area, stations without areas being in the default area', () => {
    expect(listsArea([{ id: 'algodao', areas: ['default', 'training'] }], 'training')).toBe(true);
    expect(listsArea([{ id: 'boas-vindas', areas: [] }], 'training')).toBe(false);
    expect(listsArea([{ id: 'boas-vindas', areas: null }], 'default')).toBe(true);
    expect(listsArea([], 'default')).toBe(false);
  });
});

describe('company, stations access and ACL tags', () => {
  it('has a company when companyId is set', () => {
    expect(hasCompany(manager)).toBe(true);
    expect(hasCompany(learner)).toBe(false);
    expect(hasCompany({ ...learner, companyId: '' })).toBe(false);
    expect(hasCompany(null)).toBe(false);
  });

  it('reads hasStationsAccess', () => {
    expect(hasStationsAccess(learner)).toBe(true);
    expect(hasStationsAccess(manager)).toBe(false);
    expect(hasStationsAccess({ ...learner, hasStationsAccess: undefined })).toBe(false);
  });

  it('grants a tag by itself or by its family "all" tag', () => {
    expect(hasAclTag(learner, 'dist:cp')).toBe(true);
    expect(hasAclTag(learner, 'dist:soja_monsoy')).toBe(false);
    expect(hasAclTag(manager, 'dist:soja_monsoy')).toBe(true);
    expect(hasAclTag(manager, 'team:dekalb')).toBe(true);
    expect(hasAclTag(manager, 'team:monsoy')).toBe(false);
    expect(hasAclTag(null, 'dist:cp')).toBe(false);
  });
});

describe('the manager area (001 §2, §6; ADR 0054)', () => {
  const noCompany: AccessSubject = { ...manager, companyId: null };
  const allCompanies: AccessSubject = { ...learner, permissions: ['manage_all_companies'] };

  it('company staff enter with a company; manage_all_companies enters without one', () => {
    expect(canEnterManagerArea(manager)).toBe(true);
    expect(canEnterManagerArea({ ...manager, roles: ['company_admin'] })).toBe(true);
    expect(canEnterManagerArea(noCompany)).toBe(false);
    expect(canEnterManagerArea(learner)).toBe(false);
    expect(canEnterManagerArea(allCompanies)).toBe(true);
    expect(canEnterManagerArea(null)).toBe(false);
  });

  it('the user list needs manage_companies_users besides the area, or manage_all_companies', () => {
    expect(canManageUsers(manager)).toBe(true);
    expect(canManageUsers({ ...manager, permissions: ['view_manager_dashboard'] })).toBe(false);
    expect(canManageUsers(noCompany)).toBe(false);
    expect(canManageUsers({ ...learner, permissions: ['manage_companies_users'], companyId: 'c' })).toBe(false);
    expect(canManageUsers(allCompanies)).toBe(true);
  });

  it('the dashboard needs view_manager_dashboard besides the area, or manage_all_companies', () => {
    expect(canViewManagerDashboard(manager)).toBe(true);
    expect(canViewManagerDashboard({ ...manager, permissions: ['manage_companies_users'] })).toBe(false);
    expect(canViewManagerDashboard(noCompany)).toBe(false);
    expect(canViewManagerDashboard(allCompanies)).toBe(true);
  });
});
