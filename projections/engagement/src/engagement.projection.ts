import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import type { EngagementEvent } from '@portal/engagement/contracts';

/** Support messages (admin list), notification messages and what each user has read or viewed. */
export const engagementProjection: ProjectionDefinition = {
  name: 'engagement',
  version: 1,
  eventTypes: ['SupportMessageSent', 'NotificationMessagePublished', 'NotificationMessageWithdrawn', 'NotificationMessageRead', 'NotificationRowsViewed'],
  async migrate(db: Kysely<any>, schema: string) {
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
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as EngagementEvent;
      switch (e.type) {
        case 'SupportMessageSent': {
          const d = e.data;
          await t
            .insertInto('support_messages')
            .values({ message_id: d.messageId, register_id: d.registerId, email: d.email, country: d.country, context: d.context, origin: d.origin, subject: d.subject, title: d.title, message: d.message, lang: d.lang, sent_at: d.sentAt })
            .onConflict((oc) => oc.column('message_id').doNothing())
            .execute();
          break;
        }
        case 'NotificationMessagePublished': {
          const d = e.data;
          await t
            .insertInto('notification_messages')
            .values({
              notification_id: d.notificationId,
              title: JSON.stringify(d.title),
              content: JSON.stringify(d.content),
              display_view_config: JSON.stringify(d.displayViewConfig),
              categories: JSON.stringify(d.categories),
              countries: JSON.stringify(d.countries),
              published_at: d.publishedAt,
            })
            .onConflict((oc) => oc.column('notification_id').doNothing())
            .execute();
          break;
        }
        case 'NotificationMessageWithdrawn':
          await t.updateTable('notification_messages').set({ withdrawn_at: e.data.withdrawnAt }).where('notification_id', '=', e.data.notificationId).execute();
          break;
        case 'NotificationMessageRead':
          await t
            .insertInto('notification_reads')
            .values({ user_id: e.data.userId, notification_id: e.data.notificationId, read_at: e.data.readAt })
            .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
            .execute();
          break;
        case 'NotificationRowsViewed':
          if (e.data.rowIds.length > 0) {
            await t
              .insertInto('viewed_rows')
              .values(e.data.rowIds.map((rowId) => ({ user_id: e.data.userId, row_id: rowId, viewed_at: e.data.viewedAt })))
              .onConflict((oc) => oc.columns(['user_id', 'row_id']).doNothing())
              .execute();
          }
          break;
        case 'UserEventRecorded':
        case 'InteractionTraced':
          break;
        default: {
          const exhaustive: never = e;
          void exhaustive;
        }
      }
    }
    void sql;
  },
};
