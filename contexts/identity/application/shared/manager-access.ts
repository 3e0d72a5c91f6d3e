import { AppError, type Principal } from '@portal/kernel';
import { managerAreaAccess, managerScope, type ManagerActor, type ManagerScope } from '../../domain/index.js';

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** The acting manager as the scope rules read them (from the access token's claims). */
export const managerActorOf = (p: UserPrincipal): ManagerActor & { aclTags: readonly string[] } => ({
  userId: p.userId,
  roles: p.roles,
  permissions: p.permissions,
  companyId: p.companyId,
  aclTags: p.aclTags,
});

/** The caller's manager scope (managerScope); 403 when they have none. */
export function requireManagerScope(p: UserPrincipal): Exclude<ManagerScope, { kind: 'none' }> {
  const scope = managerScope(managerActorOf(p));
  if (scope.kind === 'none') throw new AppError('403');
  return scope;
}

/** The manager area's lookups: company staff with a company, or manage_all_companies (ADR 0051); 403 otherwise. */
export function requireManagerArea(p: UserPrincipal): void {
  if (!managerAreaAccess(managerActorOf(p))) throw new AppError('403');
}
