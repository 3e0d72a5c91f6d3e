// Spec-only helpers for the manager area's companies tests (a testing/ folder: only specs import it, ADR 0009).
import { newId, type Permission, type Role } from '@portal/kernel';
import type { TestApp } from '@portal/testing/app';

export interface ActorSpec {
  roles: Role[];
  permissions: Permission[];
  companyId: string | null;
  aclTags?: string[];
}

/**
 * A bearer token for a signed-in, verified, Completed user with the given access, issued by the
 * API's own token service: the principal the guard builds after a real sign-in.
 */
export function tokenAs(t: TestApp, actor: ActorSpec): Promise<string> {
  const sub = newId();
  return t.infra.tokens.issue({
    sub,
    sid: newId(),
    email: `${sub}@example.com`,
    roles: actor.roles,
    permissions: actor.permissions,
    aclTags: actor.aclTags ?? ['dist:all'],
    companyId: actor.companyId,
    country: 'BR',
    allowedStations: 'all',
    registerStatus: 'Completed',
    emailVerified: true,
  });
}

/** The callers of the issue-14 matrix: each role and company_admin with and without each permission. */
export const matrixActors = (companyA: string, companyB: string) =>
  ({
    learner: { roles: ['learner'], permissions: [], companyId: null },
    companyManager: { roles: ['company_manager'], permissions: ['manage_companies_users', 'view_manager_dashboard'], companyId: companyA },
    companyManagerWithoutPermissions: { roles: ['company_manager'], permissions: [], companyId: companyA },
    companyAdminWithoutPermissions: { roles: ['company_admin'], permissions: [], companyId: companyA },
    companyAdminUsers: { roles: ['company_admin'], permissions: ['manage_companies_users'], companyId: companyA },
    companyAdminManagers: { roles: ['company_admin'], permissions: ['manage_companies_managers'], companyId: companyA },
    companyAdminAllCompanies: { roles: ['company_admin'], permissions: ['manage_all_companies'], companyId: companyA },
    companyAdminDashboard: { roles: ['company_admin'], permissions: ['view_manager_dashboard'], companyId: companyA },
    companyAdminWhatsapp: { roles: ['company_admin'], permissions: ['manage_whatsapp'], companyId: companyA },
    tcAdmin: { roles: ['tc_admin'], permissions: [], companyId: null },
    auditor: { roles: ['auditor'], permissions: [], companyId: null },
    otherCompanyManager: { roles: ['company_manager'], permissions: ['manage_companies_users', 'view_manager_dashboard'], companyId: companyB },
  }) satisfies Record<string, ActorSpec>;
export type MatrixActor = keyof ReturnType<typeof matrixActors> | 'signedOut';

/** Reads after a write: the x-event-position of the answer as x-min-position. */
export const after = (res: { headers: Record<string, unknown> }): Record<string, string> => {
  const p = res.headers['x-event-position'];
  return typeof p === 'string' ? { 'x-min-position': p } : {};
};
