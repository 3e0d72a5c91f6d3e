import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';

/** timestamptz: written as ISO strings, read as Date (node-postgres) or string */
type Instant = ColumnType<Date | string, string, string>;
type NullableInstant = ColumnType<Date | string | null, string | null | undefined, string | null>;

/** Tables of the messaging read model (ADR 0073). */
export interface MessagingDB {
  /** every user message and business reply, once per platform message id */
  messaging_messages: {
    message_id: string;
    phone_key: string;
    direction: 'inbound' | 'reply';
    user_id: string | null;
    matched_by: string | null;
    message_type: string;
    text: string | null;
    quoted_message_id: string | null;
    /** a reply: the user's message it answers */
    answers_message_id: string | null;
    /** a user message: whether a reply answers it */
    answered: Generated<boolean>;
    contact_name: string | null;
    business_phone_number_id: string;
    sent_at: Instant;
    received_at: Instant;
  };
  /** one row per user phone: counts and the user its latest message matched */
  messaging_conversations: {
    phone_key: string;
    contact_name: string | null;
    user_id: string | null;
    messages: number;
    replies: number;
    unanswered: number;
    last_message_at: Instant;
  };
  /**
   * What the webhook matches a phone against and the read scopes by, folded from identity's
   * events: a user's company, name, e-mail and phone (as its phone key), and whether the phone is
   * the one the user verified (PhoneLinked; a later different profile phone is not verified, as in
   * the users read model).
   */
  messaging_users: {
    user_id: string;
    company_id: string | null;
    name: string | null;
    email: string | null;
    phone_key: string | null;
    phone_verified: Generated<boolean>;
    phone_at: NullableInstant;
  };
}

export async function migrateMessaging(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('messaging_messages')
    .ifNotExists()
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .addColumn('phone_key', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('matched_by', 'text')
    .addColumn('message_type', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('quoted_message_id', 'text')
    .addColumn('answers_message_id', 'text')
    .addColumn('answered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('contact_name', 'text')
    .addColumn('business_phone_number_id', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('messaging_messages_phone_idx').ifNotExists().on('messaging_messages').columns(['phone_key', 'sent_at']).execute();
  await s
    .createTable('messaging_conversations')
    .ifNotExists()
    .addColumn('phone_key', 'text', (c) => c.primaryKey())
    .addColumn('contact_name', 'text')
    .addColumn('user_id', 'text')
    .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replies', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unanswered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('messaging_conversations_last_idx').ifNotExists().on('messaging_conversations').columns(['last_message_at desc', 'phone_key']).execute();
  await s.createIndex('messaging_conversations_user_idx').ifNotExists().on('messaging_conversations').column('user_id').execute();
  await s
    .createTable('messaging_users')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text')
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone_key', 'text')
    .addColumn('phone_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('phone_at', 'timestamptz')
    .execute();
  await s.createIndex('messaging_users_phone_idx').ifNotExists().on('messaging_users').column('phone_key').where(sql.ref('phone_key'), 'is not', null).execute();
  await s.createIndex('messaging_users_company_idx').ifNotExists().on('messaging_users').column('company_id').execute();
}
