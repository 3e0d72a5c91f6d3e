import { describe, expect, it } from 'vitest';
import { dashboardScopeOf } from './dashboard-access';
import { userListPath } from './user-list-link';
import { formatScore, weekLabel } from './format';

const user = (roles: ('learner' | 'company_manager' | 'company_admin' | 'tc_admin' | 'auditor')[], permissions: ('view_manager_dashboard' | 'manage_all_companies')[], companyId: string | null) => ({
  uid: 'u1',
  roles,
  permissions,
  companyId,
});

describe('manager dashboard model', () => {
  it('builds the user-list link from a figure\'s filters, in the list\'s order, encoded', () => {
    expect(userListPath({ lastActiveFrom: '2026-11-15', companyId: 'c 1' })).toBe('/manager/users?companyId=c+1&lastActiveFrom=2026-11-15');
    expect(userListPath({ neverStarted: 'true', companyId: 'c1' })).toBe('/manager/users?companyId=c1&neverStarted=true');
    expect(userListPath({})).toBe('/manager/users');
  });

  it('offers the dashboard to company staff with view_manager_dashboard and a company, and to manage_all_companies holders', () => {
    expect(dashboardScopeOf(user(['company_manager'], ['view_manager_dashboard'], 'c1'))).toEqual({ kind: 'company', companyId: 'c1' });
    expect(dashboardScopeOf(user(['company_admin'], ['view_manager_dashboard'], 'c1'))).toEqual({ kind: 'company', companyId: 'c1' });
    expect(dashboardScopeOf(user(['company_manager'], [], 'c1'))).toEqual({ kind: 'none' });
    expect(dashboardScopeOf(user(['company_manager'], ['view_manager_dashboard'], null))).toEqual({ kind: 'none' });
    expect(dashboardScopeOf(user(['learner'], ['view_manager_dashboard'], 'c1'))).toEqual({ kind: 'none' });
    expect(dashboardScopeOf(user(['tc_admin'], [], null))).toEqual({ kind: 'none' });
    expect(dashboardScopeOf(user(['learner'], ['manage_all_companies'], null))).toEqual({ kind: 'all' });
  });

  it('labels a week by its Monday in the reader\'s language and shows scores with at most two decimals', () => {
    expect(weekLabel('2026-11-16', 'en')).toBe('Nov 16');
    expect(weekLabel('2026-11-16', 'pt-BR')).toBe('16 de nov.');
    expect(formatScore(32.5, 'pt-BR')).toBe('32,5');
    expect(formatScore(10, 'en')).toBe('10');
    expect(formatScore(null, 'en')).toBe('–');
  });
});
