import type { Permission, Role } from '@portal/kernel';
import { inScope, managerScope, type ManagerActor } from './manager-scope.js';

/**
 * Who may grant or withdraw what (issue 14, ADR 0050): a pure rule over the acting manager and the
 * access of a user before and after a change. The user decider runs it for every change it is
 * asked to make on a manager's behalf; the SPA may run it to grey out what the manager cannot give.
 */
export interface UserAccess {
  roles: Role[];
  permissions: Permission[];
  aclTags: string[];
  companyId: string | null;
  allowedStations: Record<string, true> | 'all';
}

/** Every account's base role: any manager may grant or withdraw it. */
export const BASE_ROLE: Role = 'learner';
/** Company staff roles: granted or withdrawn only by a holder of manage_companies_managers. */
export const MANAGER_ROLES: readonly Role[] = ['company_manager', 'company_admin'];
/** The manager permissions: granted or withdrawn only by a holder of manage_companies_managers. */
export const MANAGER_PERMISSIONS: readonly Permission[] = ['manage_companies_users', 'manage_companies_managers', 'view_manager_dashboard', 'manage_whatsapp'];
/** Roles and permissions beyond one company: granted or withdrawn only with manage_all_companies. */
export const GLOBAL_ROLES: readonly Role[] = ['tc_admin', 'tc_manager', 'auditor'];
export const GLOBAL_PERMISSIONS: readonly Permission[] = ['manage_all_companies'];

/**
 * A role ranks above another of its kind: an admin holds what a manager of the same area holds, so a
 * company admin with manage_companies_managers makes company managers (issue 14).
 */
const RANKS_ABOVE: Partial<Record<Role, readonly Role[]>> = { company_admin: ['company_manager'], tc_admin: ['tc_manager'] };
export const holdsRole = (actor: { roles: readonly Role[] }, role: Role): boolean => actor.roles.some((r) => r === role || (RANKS_ABOVE[r] ?? []).includes(role));

/** A manager as the access policy sees them: their scope's facts and the ACL tags they hold. */
export type GrantingActor = ManagerActor & { aclTags: readonly string[] };

export const NO_ACCESS: UserAccess = { roles: [], permissions: [], aclTags: [], companyId: null, allowedStations: {} };

export type AccessViolation =
  | { kind: 'own-access' }
  | { kind: 'not-held'; field: 'roles' | 'permissions' | 'aclTags'; value: string }
  | { kind: 'needs-permission'; field: 'roles' | 'permissions'; value: string; permission: 'manage_companies_managers' | 'manage_all_companies' }
  | { kind: 'company-out-of-scope'; companyId: string | null };

/** Whether the actor holds an ACL tag: as such, or through dist:all (every dist: tag) or team:all (every team: tag). */
export function holdsTag(actor: { aclTags: readonly string[] }, tag: string): boolean {
  if (actor.aclTags.includes(tag)) return true;
  const [family] = tag.split(':');
  return (family === 'dist' || family === 'team') && actor.aclTags.includes(`${family}:all`);
}

/** What is in one list and not the other, both ways (granted and withdrawn). */
const changed = <T>(before: readonly T[], after: readonly T[]): T[] => [...after.filter((x) => !before.includes(x)), ...before.filter((x) => !after.includes(x))];

const sameStations = (a: UserAccess['allowedStations'], b: UserAccess['allowedStations']): boolean =>
  a === 'all' || b === 'all' ? a === b : Object.keys(a).sort().join('\n') === Object.keys(b).sort().join('\n');

/** Whether two accesses grant the same (lists compared as sets). */
export function sameAccess(a: UserAccess, b: UserAccess): boolean {
  return (
    changed(a.roles, b.roles).length === 0 &&
    changed(a.permissions, b.permissions).length === 0 &&
    changed(a.aclTags, b.aclTags).length === 0 &&
    a.companyId === b.companyId &&
    sameStations(a.allowedStations, b.allowedStations)
  );
}

function grantRuleViolations(actor: GrantingActor, field: 'roles' | 'permissions', value: Role | Permission): AccessViolation[] {
  const held = field === 'roles' ? holdsRole(actor, value as Role) : actor.permissions.includes(value as Permission);
  const out: AccessViolation[] = [];
  if (!held) out.push({ kind: 'not-held', field, value });
  const managerLevel = field === 'roles' ? MANAGER_ROLES.includes(value as Role) : MANAGER_PERMISSIONS.includes(value as Permission);
  const globalLevel = field === 'roles' ? GLOBAL_ROLES.includes(value as Role) : GLOBAL_PERMISSIONS.includes(value as Permission);
  if (managerLevel && !actor.permissions.includes('manage_companies_managers')) out.push({ kind: 'needs-permission', field, value, permission: 'manage_companies_managers' });
  if (globalLevel && !actor.permissions.includes('manage_all_companies')) out.push({ kind: 'needs-permission', field, value, permission: 'manage_all_companies' });
  return out;
}

/**
 * Everything wrong with `actor` changing the access of user `targetUserId` from `before` (null: a
 * user being created) to `after`; empty when the change is allowed. Only what changes is judged:
 * a manager editing a user keeps the roles they could not have given.
 * - nobody changes their own access;
 * - a role or permission granted or withdrawn must be held by the actor (the base role learner
 *   excepted; an admin role holds the manager role of its area); company_manager, company_admin and the manager permissions also need
 *   manage_companies_managers; tc_admin, tc_manager, auditor and manage_all_companies need
 *   manage_all_companies;
 * - an ACL tag granted or withdrawn must be held (dist:all holds every dist: tag, team:all every team: tag);
 * - the company (when it changes, or for a new user) must lie in the actor's scope (a scoped
 *   manager places users only in their own company; null only with manage_all_companies).
 * Allowed crops are not limited by the actor's own (ADR 0050).
 */
export function accessViolations(actor: GrantingActor, targetUserId: string | null, before: UserAccess | null, after: UserAccess): AccessViolation[] {
  const from = before ?? NO_ACCESS;
  if (before !== null && sameAccess(from, after)) return [];
  if (targetUserId !== null && targetUserId === actor.userId) return [{ kind: 'own-access' }];
  const out: AccessViolation[] = [];
  for (const role of changed(from.roles, after.roles)) if (role !== BASE_ROLE) out.push(...grantRuleViolations(actor, 'roles', role));
  for (const permission of changed(from.permissions, after.permissions)) out.push(...grantRuleViolations(actor, 'permissions', permission));
  for (const tag of changed(from.aclTags, after.aclTags)) if (!holdsTag(actor, tag)) out.push({ kind: 'not-held', field: 'aclTags', value: tag });
  if ((before === null || from.companyId !== after.companyId) && !inScope(managerScope(actor), after.companyId)) out.push({ kind: 'company-out-of-scope', companyId: after.companyId });
  return out;
}

/**
 * Everything wrong with `actor` deactivating, reactivating or deleting a user who holds `access`:
 * never themselves, and only a user whose roles and permissions the actor could withdraw (a
 * company manager without manage_companies_managers cannot shut out the company's admin).
 */
export function standingViolations(actor: GrantingActor, targetUserId: string, access: UserAccess): AccessViolation[] {
  if (targetUserId === actor.userId) return [{ kind: 'own-access' }];
  const out: AccessViolation[] = [];
  for (const role of access.roles) if (role !== BASE_ROLE) out.push(...grantRuleViolations(actor, 'roles', role));
  for (const permission of access.permissions) out.push(...grantRuleViolations(actor, 'permissions', permission));
  return out;
}
