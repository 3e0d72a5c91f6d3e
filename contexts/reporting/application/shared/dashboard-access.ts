import { AppError, type Principal } from '@portal/kernel';
import { dashboardScope, type ManagerScope } from '@portal/identity/contracts';

/**
 * Who may read a manager dashboard (001 §2, §6; ADR 0053), by identity's one scope rule
 * (`dashboardScope`): company_manager or company_admin with a company and view_manager_dashboard
 * read their own company's; manage_all_companies reads any company's. Anyone else: 403.
 */
export function dashboardScopeOf(user: Extract<Principal, { kind: 'user' }>): Exclude<ManagerScope, { kind: 'none' }> {
  const scope = dashboardScope(user);
  if (scope.kind === 'none') throw new AppError('403');
  return scope;
}
