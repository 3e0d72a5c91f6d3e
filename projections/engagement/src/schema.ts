import type { ColumnType, Kysely } from 'kysely';
import type { Locale } from '@portal/kernel';

/** timestamptz: written as ISO strings, read as Date (node-postgres) or string */
type Instant = ColumnType<Date | string, string, string>;
/** jsonb: written as a JSON string, read parsed (or as a string, PGlite) */
type Json = ColumnType<unknown, string, string>;

/** Tables of the engagement read model (ADR 0009 §4, ADR 0047). */
export interface EngagementDB {
  support_messages: {
    message_id: string;
    register_id: string;
    email: string;
    country: string | null;
    context: string;
    origin: string;
    subject: string;
    title: string;
    message: string;
    /** written from SupportMessageSent's parsed lang */
    lang: Locale;
    sent_at: Instant;
  };
  /**
   * The company of every user who may send a support message, from identity's events, so that
   * the inbox shows company staff their own company's senders only (issue 26, ADR 0080).
   */
  support_senders: { user_id: string; company_id: string | null };
  notification_messages: {
    notification_id: string;
    /** per-locale maps */
    title: Json;
    content: Json;
    display_view_config: Json;
    categories: Json;
    /** JSON array of country codes; empty: every country */
    countries: Json;
    published_at: Instant;
    withdrawn_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  };
  notification_reads: { user_id: string; notification_id: string; read_at: Instant };
  viewed_rows: { user_id: string; row_id: string; viewed_at: Instant };
}

export async function migrateEngagement(db: Kysely<any>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);
  await s
    .createTable('support_messages')
    .ifNotExists()
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .addColumn('register_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await s.createIndex('support_sent_idx').ifNotExists().on('support_messages').column('sent_at').execute();
  await s.createTable('support_senders').ifNotExists().addColumn('user_id', 'text', (c) => c.primaryKey()).addColumn('company_id', 'text').execute();
  await s.createIndex('support_senders_company_idx').ifNotExists().on('support_senders').column('company_id').execute();
  await s
    .createTable('notification_messages')
    .ifNotExists()
    .addColumn('notification_id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('display_view_config', 'jsonb', (c) => c.notNull())
    .addColumn('categories', 'jsonb', (c) => c.notNull())
    .addColumn('countries', 'jsonb', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('withdrawn_at', 'timestamptz')
    .execute();
  await s
    .createTable('notification_reads')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
    .execute();
  await s
    .createTable('viewed_rows')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('viewed_rows_pk', ['user_id', 'row_id'])
    .execute();
  }
