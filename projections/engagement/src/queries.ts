import { sql, type Kysely } from 'kysely';
import type { ManagerScope } from '@portal/identity/contracts';
import type { EngagementDB } from './schema.js';

/**
 * Support messages inside the scope, newest first: every message with `all`; with `company`,
 * those whose sender is now a user of the company (ADR 0080); none with `none`.
 */
export async function listSupportMessages(reader: Kysely<EngagementDB>, scope: ManagerScope, limit: number, offset: number) {
  if (scope.kind === 'none') return { total: 0, rows: [] };
  let base = reader.selectFrom('support_messages as m');
  if (scope.kind === 'company') base = base.innerJoin('support_senders as s', 's.user_id', 'm.register_id').where('s.company_id', '=', scope.companyId);
  const total = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const rows = await base.selectAll('m').orderBy('m.sent_at', 'desc').orderBy('m.message_id', 'desc').limit(limit).offset(offset).execute();
  return { total: Number(total?.n ?? 0), rows };
}

/** Published, not withdrawn, for the user's country (or every country), not yet read: oldest first (a queue). */
export async function unreadNotifications(reader: Kysely<EngagementDB>, userId: string, country: string | null) {
  return reader
    .selectFrom('notification_messages as m')
    .selectAll('m')
    .where('m.withdrawn_at', 'is', null)
    .where((eb) => eb.or([sql<boolean>`jsonb_array_length(m.countries) = 0`, sql<boolean>`m.countries ? ${country ?? ''}`]))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('notification_reads as r').select('r.notification_id').whereRef('r.notification_id', '=', 'm.notification_id').where('r.user_id', '=', userId))),
    )
    .orderBy('m.published_at')
    .execute();
}

export async function viewedRowIds(reader: Kysely<EngagementDB>, userId: string, rowIds: string[]): Promise<Set<string>> {
  if (rowIds.length === 0) return new Set();
  const rows = await reader.selectFrom('viewed_rows').select('row_id').where('user_id', '=', userId).where('row_id', 'in', rowIds).execute();
  return new Set(rows.map((r) => String(r.row_id)));
}
