import { sql, type Kysely } from 'kysely';
import type { ManagerScope } from '@portal/identity/contracts';
import type { MessagingDB } from './schema.js';

export interface PhoneMatch {
  userId: string;
  matchedBy: 'linked-phone' | 'profile-phone';
}

/**
 * The portal user a phone belongs to (ADR 0073): a user who verified it (PhoneLinked) first, else
 * a user with it as profile phone; among several, the one who set it last.
 */
export async function userByPhone(reader: Kysely<MessagingDB>, phoneKey: string): Promise<PhoneMatch | null> {
  const row = await reader
    .selectFrom('messaging_users')
    .select(['user_id', 'phone_verified'])
    .where('phone_key', '=', phoneKey)
    .orderBy('phone_verified', 'desc')
    .orderBy(sql`phone_at desc nulls last`)
    .orderBy('user_id')
    .limit(1)
    .executeTakeFirst();
  return row ? { userId: row.user_id, matchedBy: row.phone_verified ? 'linked-phone' : 'profile-phone' } : null;
}

/**
 * Conversations inside the scope, latest first, each with its latest `latest` messages (oldest
 * first): every conversation with `all` (unmatched phones included), only those whose user is
 * now of the company with `company`, none with `none`.
 */
export async function listConversations(reader: Kysely<MessagingDB>, scope: ManagerScope, page: { limit: number; offset: number; phoneKey: string | null; latest: number }) {
  if (scope.kind === 'none') return { total: 0, rows: [], messages: [] };
  let base = reader.selectFrom('messaging_conversations as c').leftJoin('messaging_users as u', 'u.user_id', 'c.user_id');
  if (scope.kind === 'company') base = base.where('u.company_id', '=', scope.companyId);
  if (page.phoneKey) base = base.where('c.phone_key', '=', page.phoneKey);
  const total = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const rows = await base
    .select(['c.phone_key', 'c.contact_name', 'c.user_id', 'c.messages', 'c.replies', 'c.unanswered', 'c.last_message_at', 'u.name', 'u.email', 'u.company_id'])
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.phone_key')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const phones = rows.map((r) => r.phone_key);
  const messages =
    phones.length === 0
      ? []
      : await reader
          .selectFrom((db) =>
            db
              .selectFrom('messaging_messages')
              .select(['message_id', 'phone_key', 'direction', 'message_type', 'text', 'sent_at', 'answers_message_id'])
              .select(sql<number>`row_number() over (partition by phone_key order by sent_at desc, message_id desc)`.as('n'))
              .where('phone_key', 'in', phones)
              .as('m'),
          )
          .selectAll()
          .where('n', '<=', page.latest)
          .orderBy('phone_key')
          .orderBy('sent_at')
          .orderBy('message_id')
          .execute();
  return { total: Number(total?.n ?? 0), rows, messages };
}
