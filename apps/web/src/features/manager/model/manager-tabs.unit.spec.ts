import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../../../shared/session/access';
import { currentTab, managerTabs } from './manager-tabs';

const staff: AccessSubject = { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: 'c', country: 'BR', allowedStations: 'all' };

describe('the child views of /manager/users a manager may open (ADR 0054)', () => {
  it('the list for manage_companies_users; the companies for everyone in the area', () => {
    expect(managerTabs(staff).map((tab) => tab.value)).toEqual(['users', 'companies']);
    expect(managerTabs({ ...staff, roles: [], companyId: null, permissions: ['manage_all_companies'] }).map((tab) => tab.value)).toEqual(['users', 'companies']);
    expect(managerTabs({ ...staff, permissions: [] }).map((tab) => tab.value)).toEqual(['companies']);
    expect(managerTabs({ ...staff, companyId: null })).toEqual([]);
  });

  it('the tab of a path', () => {
    expect(currentTab('/manager/users')).toBe('users');
    expect(currentTab('/manager/users/companies')).toBe('companies');
    expect(currentTab('/manager/users/companies/x')).toBe('companies');
  });
});
