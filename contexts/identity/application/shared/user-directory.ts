import { AppError, isoOrNull } from '@portal/kernel';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { decodeDirectoryCursor, findDirectoryUsers, type DirectoryFilter, type DirectoryRow } from '@portal/projection-users';
import { managedUserSchema, type ManagedUser, type UserFindFilter, type UserPage } from '../../contracts/index.js';
import type { ManagerScope } from '../../domain/index.js';


export function toManagedUser(row: DirectoryRow): ManagedUser {
  return managedUserSchema.parse({
    userId: row.user_id,
    email: row.email,
    name: row.name,
    company: row.company,
    country: row.country,
    state: row.state,
    city: row.city,
    userType: row.user_type,
    otherUserType: row.other_user_type,
    actingArea: row.acting_area,
    otherActingArea: row.other_acting_area,
    defaultStation: row.default_station,
    phone: row.phone,
    salesTeam: row.sales_team,
    dn: row.dn,
    regional: row.regional,
    position: row.position,
    isInnerEmployee: row.is_inner_employee,
    responsible: row.responsible,
    group: row.user_group,
    region: row.region,
    expertState: row.expert_state,
    theme: row.theme,
    subTheme: row.sub_theme,
    businessRegion: row.business_region,
    businessUnit: row.business_unit,
    hasAccount: row.has_account,
    active: row.active,
    companyManager: row.roles.includes('company_manager'),
    emailVerified: row.email_verified,
    roles: row.roles,
    permissions: row.permissions,
    aclTags: row.acl_tags,
    companyId: row.company_id,
    allowedStations: row.allowed_stations,
    createdAt: isoOrNull(row.created_at),
    updatedAt: isoOrNull(row.updated_at),
    lastActiveAt: isoOrNull(row.last_active_at),
    firstActivityAt: isoOrNull(row.first_activity_at),
    invitedAt: isoOrNull(row.invited_at),
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** `from` of a range: a day starts at 00:00 UTC. */
const fromBound = (v: string | undefined) => (v === undefined ? undefined : new Date(DAY.test(v) ? `${v}T00:00:00.000Z` : v).toISOString());
/** `to` of a range, as an exclusive bound: a day includes all of it, an instant includes itself (to the millisecond). */
const beforeBound = (v: string | undefined) => {
  if (v === undefined) return undefined;
  const at = new Date(DAY.test(v) ? `${v}T00:00:00.000Z` : v).getTime();
  return new Date(at + (DAY.test(v) ? 86_400_000 : 1)).toISOString();
};

/** The /find query (or /list's company) as the read model's filter. */
export function directoryFilterOf(q: Omit<UserFindFilter, 'sort' | 'order' | 'limit' | 'cursor'>): DirectoryFilter {
  const { q: text, createdFrom, createdTo, lastActiveFrom, lastActiveTo, ...equal } = q;
  return {
    ...equal,
    ...(text ? { text } : {}),
    created: { from: fromBound(createdFrom), before: beforeBound(createdTo) },
    lastActive: { from: fromBound(lastActiveFrom), before: beforeBound(lastActiveTo) },
  };
}

/**
 * A page of the directory inside the scope: a company-scoped manager only ever reads their own
 * company (another companyId finds nobody).
 */
export async function directoryPage(
  projections: ProjectionRuntime,
  scope: Exclude<ManagerScope, { kind: 'none' }>,
  filter: DirectoryFilter,
  page: Pick<UserFindFilter, 'sort' | 'order' | 'limit' | 'cursor'>,
): Promise<UserPage> {
  const after = page.cursor === undefined ? undefined : decodeDirectoryCursor(page.cursor, page.sort, page.order);
  if (after === null) throw new AppError('app/bed-request', 'Invalid request', [{ path: 'cursor', message: 'the cursor of another sort or order, or not a cursor', code: 'invalid_cursor' }]);
  if (scope.kind === 'company') {
    if (filter.companyId !== undefined && filter.companyId !== scope.companyId) return { items: [], nextCursor: null };
    filter = { ...filter, companyId: scope.companyId };
  }
  const { rows, nextCursor } = await findDirectoryUsers(projections.reader('users'), filter, { sort: page.sort, order: page.order, limit: page.limit, ...(after ? { after } : {}) });
  return { items: rows.map(toManagedUser), nextCursor };
}
