import { describe, expect, it } from 'vitest';
import { canViewManagerDashboard, managerDashboardScope } from '../../../shared/session/access';
import { userListPath } from './user-list-link';
import { formatScore, weekLabel } from './format';

const user = (roles: ('learner' | 'company_manager' | 'company_admin' | 'tc_admin' | 'auditor')[], permissions: ('view_manager_dashboard' | 'manage_all_companies')[], companyId: string | null) => ({
  roles,
  permissions,
  companyId,
  country: 'BR',
  allowedStations: 'all' as const,
});

describe('manager dashboard model', () => {
  it('builds the user-list link from a figure\'s filters, in the list\'s order, encoded', () => {
    expect(userListPath({ lastActiveFrom: '2026-11-15', companyId: 'c 1' })).toBe('/manager/users?companyId=c+1&lastActiveFrom=2026-11-15');
    expect(userListPath({ neverStarted: 'true', companyId: 'c1' })).toBe('/manager/users?companyId=c1&neverStarted=true');
    expect(userListPath({})).toBe('/manager/users');
  });

  it('lets in (the route guard) exactly whom the side menu offers the dashboard: staff with view_manager_dashboard and a company, manage_all_companies holders', () => {
    const cases = [
      [user(['company_manager'], ['view_manager_dashboard'], 'c1'), { kind: 'company', companyId: 'c1' }],
      [user(['company_admin'], ['view_manager_dashboard'], 'c1'), { kind: 'company', companyId: 'c1' }],
      [user(['company_manager'], [], 'c1'), { kind: 'none' }],
      [user(['company_manager'], ['view_manager_dashboard'], null), { kind: 'none' }],
      [user(['learner'], ['view_manager_dashboard'], 'c1'), { kind: 'none' }],
      [user(['tc_admin'], [], null), { kind: 'none' }],
      [user(['learner'], ['manage_all_companies'], null), { kind: 'all' }],
      [user(['tc_admin'], ['manage_all_companies'], null), { kind: 'all' }],
      [user(['company_admin'], ['manage_all_companies'], 'c1'), { kind: 'all' }],
    ] as const;
    for (const [subject, scope] of cases) {
      expect(managerDashboardScope(subject)).toEqual(scope);
      expect(canViewManagerDashboard(subject)).toBe(scope.kind !== 'none');
    }
    expect(managerDashboardScope(null)).toEqual({ kind: 'none' });
  });

  it('labels a week by its Monday in the reader\'s language and shows scores with at most two decimals', () => {
    expect(weekLabel('2026-11-16', 'en')).toBe('Nov 16');
    expect(weekLabel('2026-11-16', 'pt-BR')).toBe('16 de nov.');
    expect(formatScore(32.5, 'pt-BR')).toBe('32,5');
    expect(formatScore(10, 'en')).toBe('10');
    expect(formatScore(null, 'en')).toBe('–');
  });
});
