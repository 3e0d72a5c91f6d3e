import { sql, type Kysely } from 'kysely';
import type { EngagementDB } from './schema.js';

export async function listSupportMessages(reader: Kysely<EngagementDB>, limit: number, offset: number) {
  const total = await reader.selectFrom('support_messages').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const rows = await reader.selectFrom('support_messages').selectAll().orderBy('sent_at', 'desc').orderBy('message_id', 'desc').limit(limit).offset(offset).execute();
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
