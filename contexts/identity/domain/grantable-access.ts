import { PERMISSIONS, ROLES, type Permission, type Role } from '@portal/kernel';
import { isCompanyStaff, managerScope, type ManagerActor } from './manager-scope.js';

/**
 * Who may open the manager area's lookups (001 §6 "Manager users": company_manager or
 * company_admin with a company) and every holder of manage_all_companies (ADR 0051).
 */
export const managerAreaAccess = (actor: ManagerActor): boolean =>
  actor.permissions.includes('manage_all_companies') || (isCompanyStaff(actor) && actor.companyId !== null);

/** The permissions that only manage_companies_managers hands out (ADR 0050). */
export const MANAGER_PERMISSIONS: readonly Permission[] = ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard', 'manage_whatsapp'];

/** Roles a held role includes: a company admin is above a company manager, a tc admin above a tc manager. */
const ROLES_HELD_THROUGH: Partial<Record<Role, readonly Role[]>> = { company_manager: ['company_admin'], tc_manager: ['tc_admin'] };

const holdsRole = (actor: ManagerActor, role: Role): boolean => actor.roles.includes(role) || (ROLES_HELD_THROUGH[role] ?? []).some((r) => actor.roles.includes(r));

/** A tag is held by itself or by `<prefix>:all` (dist:all grants every dist: tag). */
const holdsTag = (held: readonly string[], tag: string): boolean => held.includes(tag) || held.includes(`${tag.split(':')[0]}:all`);

export interface GrantableAccess {
  roles: Role[];
  permissions: Permission[];
  aclTags: string[];
}

/**
 * What a manager may grant (issue 14, ADR 0050): nothing without a manager scope; nobody grants a
 * role, permission or tag they do not hold; company_manager, company_admin and the manager
 * permissions need manage_companies_managers; tc_*, auditor and manage_all_companies need
 * manage_all_companies. `knownTags` are the catalogue's tags (dist:all holders grant each of them).
 */
export function grantableAccess(actor: ManagerActor & { aclTags: readonly string[] }, knownTags: readonly string[]): GrantableAccess {
  if (managerScope(actor).kind === 'none') return { roles: [], permissions: [], aclTags: [] };
  const all = actor.permissions.includes('manage_all_companies');
  const managers = actor.permissions.includes('manage_companies_managers');
  const roles = ROLES.filter((role) => {
    if (role === 'learner') return true;
    if (role === 'company_manager' || role === 'company_admin') return managers && holdsRole(actor, role);
    return all && holdsRole(actor, role);
  });
  const permissions = PERMISSIONS.filter((p) => {
    if (!actor.permissions.includes(p)) return false;
    if (p === 'manage_all_companies') return all;
    return managers && MANAGER_PERMISSIONS.includes(p);
  });
  const candidates = [...new Set([...actor.aclTags, ...knownTags])];
  const aclTags = candidates.filter((t) => holdsTag(actor.aclTags, t)).sort(byTag);
  return { roles, permissions, aclTags };
}

/** `<prefix>:all` first, then by name. */
export const byTag = (a: string, b: string): number => Number(b.endsWith(':all')) - Number(a.endsWith(':all')) || a.localeCompare(b);
