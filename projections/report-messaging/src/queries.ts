import { sql } from 'kysely';
import { REPORTS } from '@portal/reporting/contracts/reports';
import { companyName, reportQuery } from '@portal/projection-report-kit';
import { messagesTable } from './schema.js';

/** The learner's name, else e-mail; null for a phone that matched no user (the kit's `learnerName(ctx)` would show the id). */
const learner = sql<string | null>`coalesce(l.name, l.email)`;

/**
 * The messaging report's SQL (ADR 0070, 0073): the messages with the learner as they stood at the
 * position read. Rows of unmatched phones are kept (`learnerOptional`): only a reader without a
 * company scope and without learner filters sees them.
 */
export const messagingReportQuery = reportQuery(REPORTS.messaging, {
  projection: 'report-messaging',
  fact: messagesTable.name,
  userColumn: 'user_id',
  learnerOptional: true,
  dateColumn: sql`f.sent_at`,
  stationColumn: null,
  joins: () => sql``,
  fields: () => ({
    rowId: sql`f.message_id`,
    userId: sql`l.user_id`,
    learner,
    email: sql`l.email`,
    company: companyName,
    phone: sql`'+' || f.phone_key`,
    contactName: sql`f.contact_name`,
    messageType: sql`f.message_type`,
    userMessage: sql`f.user_text`,
    response: sql`f.response_text`,
    sentAt: sql`f.sent_at`,
    respondedAt: sql`f.responded_at`,
    replies: sql`f.replies`,
  }),
  // the phone sorts by its digits (the fact's column: the page is cut before the joins)
  sortBy: () => ({ phone: sql`f.phone_key` }),
  tiebreak: sql`f.phone_key, f.message_id`,
});
