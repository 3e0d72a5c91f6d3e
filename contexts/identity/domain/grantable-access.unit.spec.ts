import { describe, expect, it } from 'vitest';
import { grantableAccess, managerAreaAccess } from './grantable-access.js';

const tags = ['dist:all', 'dist:milho_dekalb', 'dist:soja_monsoy', 'team:all', 'team:vendas'];
const actor = (roles: string[], permissions: string[], aclTags: string[] = ['dist:all'], companyId: string | null = 'c1') =>
  ({ userId: 'm1', roles, permissions, companyId, aclTags }) as Parameters<typeof grantableAccess>[0];

describe('what a manager may grant (acl-options)', () => {
  it('a manager without a scope grants nothing', () => {
    expect(grantableAccess(actor(['company_manager'], []), tags)).toEqual({ roles: [], permissions: [], aclTags: [] });
    expect(grantableAccess(actor(['tc_admin'], []), tags)).toEqual({ roles: [], permissions: [], aclTags: [] });
  });
  it('manage_companies_users alone grants learners and the tags held', () => {
    expect(grantableAccess(actor(['company_manager'], ['manage_companies_users'], ['dist:soja_monsoy']), tags)).toEqual({ roles: ['learner'], permissions: [], aclTags: ['dist:soja_monsoy'] });
  });
  it('manage_companies_managers grants the manager roles and permissions held, never more', () => {
    const granted = grantableAccess(actor(['company_manager'], ['manage_companies_users', 'manage_companies_managers']), tags);
    expect(granted.roles).toEqual(['learner', 'company_manager']);
    expect(granted.permissions).toEqual(['manage_companies_users', 'manage_companies_managers']);
    expect(grantableAccess(actor(['company_admin'], ['manage_companies_users', 'manage_companies_managers', 'manage_whatsapp']), tags).roles).toEqual(['learner', 'company_manager', 'company_admin']);
  });
  it('dist:all grants every dist tag of the catalogue, not the team ones', () => {
    expect(grantableAccess(actor(['company_manager'], ['manage_companies_users']), tags).aclTags).toEqual(['dist:all', 'dist:milho_dekalb', 'dist:soja_monsoy']);
  });
  it('tc_* and auditor only with manage_all_companies, and only when held', () => {
    expect(grantableAccess(actor(['tc_admin', 'company_manager'], ['manage_companies_users', 'manage_companies_managers']), tags).roles).toEqual(['learner', 'company_manager']);
    const all = grantableAccess(actor(['tc_manager', 'auditor'], ['manage_all_companies']), tags);
    expect(all.roles).toEqual(['learner', 'tc_manager', 'auditor']);
    expect(all.permissions).toEqual(['manage_all_companies']);
  });
});

describe('the manager area', () => {
  it('is for company staff with a company and for manage_all_companies', () => {
    expect(managerAreaAccess(actor(['company_manager'], []))).toBe(true);
    expect(managerAreaAccess(actor(['company_admin'], [], [], null))).toBe(false);
    expect(managerAreaAccess(actor(['tc_admin'], []))).toBe(false);
    expect(managerAreaAccess(actor(['auditor'], ['manage_all_companies'], [], null))).toBe(true);
  });
});
