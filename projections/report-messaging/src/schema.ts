import type { Kysely } from 'kysely';
import { createTemporalTable, migrateDimensions, type TemporalTable } from '@portal/projection-report-kit';

/**
 * One user message of a messaging-app conversation (engagement's MessagingMessageReceived) with
 * our replies to it (MessagingReplySent whose `answersMessageId` is its id), or a reply that
 * answered no message (it opened the conversation): a temporal row keyed by the phone and the
 * platform's message id, a new version at each reply (so "as of" shows what had been answered then).
 */
export interface MessageRow {
  phone_key: string;
  message_id: string;
  /** the user the phone matched when the message arrived (null: no user) */
  user_id: string | null;
  contact_name: string | null;
  message_type: string;
  /** the user's text; null for a reply that answered no message, or a message without text */
  user_text: string | null;
  /** our replies' texts, in the order they were sent, one paragraph each */
  response_text: string | null;
  replies: number;
  sent_at: string;
  responded_at: string | null;
}

export const messagesTable: TemporalTable<MessageRow> = {
  name: 'messages',
  key: ['phone_key', 'message_id'],
  columns: {
    phone_key: 'text',
    message_id: 'text',
    user_id: 'text',
    contact_name: 'text',
    message_type: 'text',
    user_text: 'text',
    response_text: 'text',
    replies: 'integer',
    sent_at: 'timestamptz',
    responded_at: 'timestamptz',
  },
};

/** The report's tables in its own schema: the kit's dimensions and the messages. */
export async function migrateReportMessaging(db: Kysely<any>, schema: string): Promise<void> {
  await migrateDimensions(db, schema);
  await createTemporalTable(db, schema, messagesTable);
  const s = db.schema.withSchema(schema);
  await s.createIndex('messages_user_time').on('messages').columns(['user_id', 'sent_at']).execute();
  await s.createIndex('messages_time').on('messages').columns(['sent_at', 'phone_key', 'message_id']).execute();
}
