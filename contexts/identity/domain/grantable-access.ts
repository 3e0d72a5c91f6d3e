import { PERMISSIONS, ROLES, type Permission, type Role } from '@portal/kernel';
import { BASE_ROLE, grantRuleViolations, holdsTag, type GrantingActor } from './access-policy.js';
import { isCompanyStaff, managerScope, type ManagerActor } from './manager-scope.js';

/**
 * Who may open the manager area's lookups (001 §6 "Manager users": company_manager or
 * company_admin with a company) and every holder of manage_all_companies (ADR 0051).
 */
export const managerAreaAccess = (actor: ManagerActor): boolean =>
  actor.permissions.includes('manage_all_companies') || (isCompanyStaff(actor) && actor.companyId !== null);

export interface GrantableAccess {
  roles: Role[];
  permissions: Permission[];
  aclTags: string[];
}

/**
 * What a manager may grant (issue 14, ADR 0050), as GET /manage-users/acl-options offers it: each
 * role, permission and tag the one access policy (access-policy.ts) lets the actor grant; nothing
 * without a manager scope. `knownTags` are the catalogue's tags (dist:all holders grant each of them).
 */
export function grantableAccess(actor: GrantingActor, knownTags: readonly string[]): GrantableAccess {
  if (managerScope(actor).kind === 'none') return { roles: [], permissions: [], aclTags: [] };
  const roles = ROLES.filter((role) => role === BASE_ROLE || grantRuleViolations(actor, 'roles', role).length === 0);
  const permissions = PERMISSIONS.filter((p) => grantRuleViolations(actor, 'permissions', p).length === 0);
  const candidates = [...new Set([...actor.aclTags, ...knownTags])];
  const aclTags = candidates.filter((t) => holdsTag(actor, t)).sort(byTag);
  return { roles, permissions, aclTags };
}

/** `<prefix>:all` first, then by name. */
export const byTag = (a: string, b: string): number => Number(b.endsWith(':all')) - Number(a.endsWith(':all')) || a.localeCompare(b);
