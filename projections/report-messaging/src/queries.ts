import { sql } from 'kysely';
import type { MessagingReportRow } from '@portal/reporting/contracts';
import { companyName, type ReportQuerySpec } from '@portal/projection-report-kit';
import { messagesTable } from './schema.js';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The learner's name, else e-mail; null for a phone that matched no user (the kit's `learnerName` would show the id). */
const learner = sql<string | null>`coalesce(l.name, l.email)`;

/**
 * The messaging report's query (ADR 0070, 0073): the messages with the learner as they stood at the
 * position read. Rows of unmatched phones are kept (`learnerOptional`): only a reader without a
 * company scope and without learner filters sees them.
 */
export const messagingReportQuery: ReportQuerySpec<MessagingReportRow> = {
  fact: messagesTable.name,
  userColumn: 'user_id',
  learnerOptional: true,
  dateColumn: sql`f.sent_at`,
  stationColumn: null,
  joins: () => sql``,
  select: () => sql`f.message_id as "rowId", l.user_id as "userId", ${learner} as learner, l.email, ${companyName} as company,
    '+' || f.phone_key as phone, f.contact_name as "contactName", f.message_type as "messageType", f.user_text as "userMessage",
    f.response_text as response, f.sent_at as "sentAt", f.responded_at as "respondedAt", f.replies`,
  sortable: () => ({
    learner,
    email: sql`l.email`,
    company: companyName,
    phone: sql`f.phone_key`,
    contactName: sql`f.contact_name`,
    sentAt: sql`f.sent_at`,
    respondedAt: sql`f.responded_at`,
    replies: sql`f.replies`,
  }),
  tiebreak: sql`f.phone_key, f.message_id`,
  toRow: (r) => ({
    rowId: String(r.rowId),
    userId: text(r.userId),
    learner: text(r.learner),
    email: text(r.email),
    company: text(r.company),
    phone: String(r.phone),
    contactName: text(r.contactName),
    messageType: String(r.messageType),
    userMessage: text(r.userMessage),
    response: text(r.response),
    sentAt: iso(r.sentAt),
    respondedAt: isoOrNull(r.respondedAt),
    replies: Number(r.replies),
  }),
};
