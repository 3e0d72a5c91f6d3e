/**
 * Helpers of the user directory's HTTP tests (imported by *.int.spec.ts only): companies and
 * users written as events (nothing on main emits the manager's events yet), and bearer tokens for
 * every kind of caller of the access matrix.
 */
import { newId, type Permission, type Role } from '@portal/kernel';
import type { TestApp } from '@portal/testing/app';
import { progressStream } from '@portal/learning/contracts';
import { companyStream, userStream, type IdentityEvent, type ManagedUserDetails, type UserPreRegistered } from '../contracts/index.js';

const ctx = { correlationId: 'directory-test', actor: 'system', origin: 'cli' as const };

export const appendIdentity = (t: TestApp, stream: string, ...events: IdentityEvent[]) => t.infra.store.append(stream, events, { expectedRevision: 'any', context: ctx });

export async function seedCompany(t: TestApp, companyId: string, name: string): Promise<void> {
  await appendIdentity(t, companyStream(companyId), {
    type: 'CompanyRegistered',
    data: { companyId, name, businessCode: '00.000.000/0001-00', phone: null, contactEmail: null, contactName: null, contactPhone: null, domains: [], registeredAt: '2026-01-01T00:00:00.000Z' },
  });
}

export interface SeedUser {
  userId?: string;
  email: string;
  companyId: string | null;
  details?: ManagedUserDetails;
  roles?: Role[];
  permissions?: Permission[];
  allowedStations?: UserPreRegistered['data']['allowedStations'];
  /** registered (has an account) unless false */
  account?: boolean;
  createdAt?: string;
}

/** A user as the manager area creates one (UserPreRegistered), registered afterwards unless `account: false`. */
export async function seedUser(t: TestApp, u: SeedUser): Promise<string> {
  const userId = u.userId ?? newId();
  const at = u.createdAt ?? '2026-06-01T12:00:00.000Z';
  const events: IdentityEvent[] = [
    {
      type: 'UserPreRegistered',
      data: {
        userId,
        email: u.email,
        details: u.details ?? {},
        roles: u.roles ?? ['learner'],
        permissions: u.permissions ?? [],
        aclTags: [],
        companyId: u.companyId,
        allowedStations: u.allowedStations ?? {},
        by: 'system:seed',
        preRegisteredAt: at,
      },
    },
  ];
  if (u.account !== false) {
    events.push({ type: 'UserRegistered', data: { userId, email: u.email, passwordHash: 'x', country: u.details?.country ?? 'BR', ref: null, lang: 'pt-BR', consentAt: at, registeredAt: at } });
  }
  await appendIdentity(t, userStream(userId), ...events);
  return userId;
}

/** A learner's content view (learning's event): makes them active and "started". */
export const seedLearning = (t: TestApp, userId: string, viewedAt: string) =>
  t.infra.store.append(progressStream(userId, 'soja'), [{ type: 'ContentViewed', data: { actor: userId, stationId: 'soja', entryId: 'e1', entryType: 'video', viewedAt } }], {
    expectedRevision: 'any',
    context: ctx,
  });

/** A bearer token for a caller with exactly this access (the principal the guard builds after a real sign-in). */
export const tokenWith = (t: TestApp, access: { roles: Role[]; permissions?: Permission[]; companyId?: string | null }): Promise<string> =>
  t.infra.tokens.issue({
    sub: newId(),
    sid: newId(),
    email: `${newId()}@test.agro`,
    roles: access.roles,
    permissions: access.permissions ?? [],
    aclTags: [],
    companyId: access.companyId ?? null,
    country: 'BR',
    allowedStations: 'all',
    registerStatus: 'Completed',
    emailVerified: true,
  });

/** The callers of the access matrix (issue 14): who they are, for a directory of `home` and `other`. */
export function matrixCallers(home: string, other: string) {
  return {
    'signed out': null,
    learner: { roles: ['learner'], companyId: home },
    'company_manager with manage_companies_users': { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: home },
    'company_manager without manage_companies_users': { roles: ['company_manager'], permissions: ['view_manager_dashboard', 'manage_companies_managers'], companyId: home },
    'company_admin with manage_companies_users': { roles: ['company_admin'], permissions: ['manage_companies_users', 'view_manager_dashboard'], companyId: home },
    'company_admin without manage_companies_users': { roles: ['company_admin'], permissions: ['view_manager_dashboard'], companyId: home },
    'company_manager with manage_companies_users but no company': { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: null },
    'holder of manage_all_companies': { roles: ['company_admin'], permissions: ['manage_all_companies', 'manage_companies_users'], companyId: home },
    tc_admin: { roles: ['tc_admin'], companyId: null },
    'tc_admin with manage_all_companies': { roles: ['tc_admin'], permissions: ['manage_all_companies'], companyId: null },
    auditor: { roles: ['auditor'], companyId: null },
    'manager of another company': { roles: ['company_manager'], permissions: ['manage_companies_users'], companyId: other },
  } as const satisfies Record<string, { roles: Role[]; permissions?: Permission[]; companyId: string | null } | null>;
}
export type MatrixCaller = keyof ReturnType<typeof matrixCallers>;

/**
 * What each caller of the matrix gets from a directory read of the home company's users: the
 * manager scope (ADR 0050), or 403 without one; `outOfScope` for the manager of the other company
 * (404 for a company or user, an empty 200 for a search).
 */
export const directoryStatuses = (outOfScope: 200 | 404): Record<MatrixCaller, number> => ({
  'signed out': 401,
  learner: 403,
  'company_manager with manage_companies_users': 200,
  'company_manager without manage_companies_users': 403,
  'company_admin with manage_companies_users': 200,
  'company_admin without manage_companies_users': 403,
  'company_manager with manage_companies_users but no company': 403,
  'holder of manage_all_companies': 200,
  tc_admin: 403,
  'tc_admin with manage_all_companies': 200,
  auditor: 403,
  'manager of another company': outOfScope,
});
