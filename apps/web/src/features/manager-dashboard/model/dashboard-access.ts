import { dashboardScope, type ManagerScope } from '@portal/identity/contracts';
import type { UserData } from '@portal/identity/contracts';

/** The manager dashboard (001 §2, §6). */
export const MANAGER_DASHBOARD = '/manager/dashboard';
/** The filtered user list every figure links to (issue 14). */
export const MANAGER_USERS = '/manager/users';

/**
 * Which dashboards the user may read, by identity's one rule (the API applies the same): their
 * company's with company_manager or company_admin, a company and view_manager_dashboard; any
 * company's with manage_all_companies.
 */
export const dashboardScopeOf = (user: Pick<UserData, 'uid' | 'roles' | 'permissions' | 'companyId'>): ManagerScope =>
  dashboardScope({ userId: user.uid, roles: user.roles, permissions: user.permissions, companyId: user.companyId });
