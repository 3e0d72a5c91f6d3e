import type { Permission, Role } from '@portal/kernel';

/**
 * Which users a manager may see and change (issue 14, ADR 0050): enforced by the server in every
 * query and command of the manager area. `all` with manage_all_companies; otherwise the manager's
 * own company, and only for company_manager or company_admin holding manage_companies_users.
 * A user outside the scope is answered as unknown (404), never as forbidden.
 * Kept in the contracts (imports only the kernel) so that other contexts (reporting's dashboard)
 * and the SPA apply the same rule (ADR 0053); identity's domain re-exports it.
 */
export type ManagerScope = { kind: 'all' } | { kind: 'company'; companyId: string } | { kind: 'none' };

export interface ManagerActor {
  userId: string;
  roles: readonly Role[];
  permissions: readonly Permission[];
  companyId: string | null;
}

export const COMPANY_STAFF_ROLES: readonly Role[] = ['company_manager', 'company_admin'];

export const isCompanyStaff = (actor: Pick<ManagerActor, 'roles'>): boolean => actor.roles.some((r) => COMPANY_STAFF_ROLES.includes(r));

/** The users a manager may list, find and change. */
export function managerScope(actor: ManagerActor): ManagerScope {
  if (actor.permissions.includes('manage_all_companies')) return { kind: 'all' };
  if (!isCompanyStaff(actor) || !actor.companyId || !actor.permissions.includes('manage_companies_users')) return { kind: 'none' };
  return { kind: 'company', companyId: actor.companyId };
}

/**
 * The users' data a manager-area read shows, where the auditor reads too (the reports, ADR 0070;
 * the support inbox, ADR 0080): the auditor every company's (read-only), everyone else their
 * `managerScope`: company staff their own company's users, manage_all_companies every company's.
 */
export function managerReadScope(actor: ManagerActor): ManagerScope {
  if (actor.roles.includes('auditor')) return { kind: 'all' };
  return managerScope(actor);
}

/** The companies whose dashboard a manager may read (view_manager_dashboard; any company with manage_all_companies). */
export function dashboardScope(actor: ManagerActor): ManagerScope {
  if (actor.permissions.includes('manage_all_companies')) return { kind: 'all' };
  if (!isCompanyStaff(actor) || !actor.companyId || !actor.permissions.includes('view_manager_dashboard')) return { kind: 'none' };
  return { kind: 'company', companyId: actor.companyId };
}

/**
 * The messaging-app conversations a manager may read (manage_whatsapp, ADR 0073): any with
 * manage_all_companies (unmatched phones included), else those of the users of the manager's own
 * company, for company_manager or company_admin.
 */
export function messagingScope(actor: ManagerActor): ManagerScope {
  if (!actor.permissions.includes('manage_whatsapp')) return { kind: 'none' };
  if (actor.permissions.includes('manage_all_companies')) return { kind: 'all' };
  if (!isCompanyStaff(actor) || !actor.companyId) return { kind: 'none' };
  return { kind: 'company', companyId: actor.companyId };
}

/**
 * Whose privacy requests (LGPD rights, ADR 0092) an operator sees and acts on: every company's
 * with manage_all_companies, their own company's for a company_admin, nobody's otherwise.
 */
export function privacyRequestScope(actor: Pick<ManagerActor, 'roles' | 'permissions' | 'companyId'>): ManagerScope {
  if (actor.permissions.includes('manage_all_companies')) return { kind: 'all' };
  if (actor.roles.includes('company_admin') && actor.companyId) return { kind: 'company', companyId: actor.companyId };
  return { kind: 'none' };
}

/** Whether a user of `companyId` lies inside the scope. */
export const inScope = (scope: ManagerScope, companyId: string | null): boolean =>
  scope.kind === 'all' || (scope.kind === 'company' && companyId === scope.companyId);
