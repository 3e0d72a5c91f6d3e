import type { Kysely, Selectable } from 'kysely';
import type { PrivacyHoldsTable, PrivacyRequestsDB, PrivacyRequestsTable } from './schema.js';

export type PrivacyRequestRow = Selectable<PrivacyRequestsTable>;
export type PrivacyHoldRow = Selectable<PrivacyHoldsTable>;

export interface PrivacyRequestFilter {
  /** null: every company (manage_all_companies, the auditor) */
  companyId: string | null;
  status?: string | undefined;
  /** only open requests due before this instant */
  dueBefore?: string | undefined;
  limit: number;
}

/** Requests newest first, in a company or all of them. */
export async function listPrivacyRequests(reader: Kysely<PrivacyRequestsDB>, filter: PrivacyRequestFilter): Promise<PrivacyRequestRow[]> {
  let q = reader.selectFrom('privacy_requests').selectAll();
  if (filter.companyId !== null) q = q.where('company_id', '=', filter.companyId);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.dueBefore) q = q.where('status', 'in', ['pending', 'erasing']).where('due_at', '<=', filter.dueBefore);
  return q.orderBy('requested_at', 'desc').orderBy('request_id', 'desc').limit(filter.limit).execute();
}

/** How many open requests are due before `dueBefore` (the dashboard's count). */
export async function countNearDeadline(reader: Kysely<PrivacyRequestsDB>, companyId: string | null, dueBefore: string): Promise<number> {
  let q = reader.selectFrom('privacy_requests').select((eb) => eb.fn.countAll<string>().as('n')).where('status', 'in', ['pending', 'erasing']).where('due_at', '<=', dueBefore);
  if (companyId !== null) q = q.where('company_id', '=', companyId);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const findPrivacyRequest = (reader: Kysely<PrivacyRequestsDB>, requestId: string): Promise<PrivacyRequestRow | undefined> =>
  reader.selectFrom('privacy_requests').selectAll().where('request_id', '=', requestId).executeTakeFirst();

/** Exports not built yet (the background job's work). */
export const pendingExports = (reader: Kysely<PrivacyRequestsDB>, limit: number): Promise<PrivacyRequestRow[]> =>
  reader.selectFrom('privacy_requests').selectAll().where('kind', '=', 'export').where('status', '=', 'pending').orderBy('requested_at').limit(limit).execute();

/** Deletions whose grace period ended by `now`, and erasures started but not recorded (a crash in between). */
export const dueErasures = (reader: Kysely<PrivacyRequestsDB>, now: string, limit: number): Promise<PrivacyRequestRow[]> =>
  reader
    .selectFrom('privacy_requests')
    .selectAll()
    .where('kind', '=', 'deletion')
    .where((eb) => eb.or([eb('status', '=', 'erasing'), eb.and([eb('status', '=', 'pending'), eb('erase_after', '<=', now)])]))
    .orderBy('erase_after')
    .limit(limit)
    .execute();

export const activeHolds = (reader: Kysely<PrivacyRequestsDB>, userIds: string[]): Promise<PrivacyHoldRow[]> =>
  userIds.length === 0
    ? Promise.resolve([])
    : reader.selectFrom('privacy_holds').selectAll().where('user_id', 'in', userIds).where('lifted_at', 'is', null).orderBy('placed_at').execute();
