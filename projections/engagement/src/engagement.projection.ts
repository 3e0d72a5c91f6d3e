import { combineEvents } from '@portal/eventstore';
import { defineProjection, ERASED_SQL } from '@portal/projections-runtime';
import { inboxEvents, notificationEvents, supportEvents } from '@portal/engagement/contracts';
import { identityEvents } from '@portal/identity/contracts';
import { migrateEngagement, type EngagementDB } from './schema.js';

/** everything of the context but tracking (which no read model keeps), and the senders' companies */
const events = combineEvents(supportEvents, notificationEvents, inboxEvents, identityEvents);
type Handled = ReturnType<typeof events.parseRecorded>;

const EVENT_TYPES = [
  ...supportEvents.types,
  ...notificationEvents.types,
  ...inboxEvents.types,
  // identity: the company of a support message's sender (the inbox's company scope, ADR 0080)
  'UserPreRegistered',
  'AccessGranted',
  'AccessChanged',
  'UserDeleted',
] as const satisfies readonly Handled['type'][];

/** Support messages (admin list) with their senders' companies, notification messages and what each user has read or viewed. */
export const engagementProjection = defineProjection<EngagementDB, Handled>({
  name: 'engagement',
  version: 2,
  // ADR 0091: a support message's sender address and words, as the erased log reads them
  personalData: [{ table: 'support_messages', subject: 'register_id', set: { email: ERASED_SQL, title: ERASED_SQL, message: ERASED_SQL } }],
  events,
  eventTypes: EVENT_TYPES,
  migrate: migrateEngagement,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const e of events) {
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
        case 'UserPreRegistered':
        case 'AccessGranted':
        case 'AccessChanged':
          await t
            .insertInto('support_senders')
            .values({ user_id: e.data.userId, company_id: e.data.companyId })
            .onConflict((oc) => oc.column('user_id').doUpdateSet({ company_id: e.data.companyId }))
            .execute();
          break;
        case 'UserDeleted':
          await t.deleteFrom('support_senders').where('user_id', '=', e.data.userId).execute();
          break;
        default:
          break;
      }
    }
  },
});
