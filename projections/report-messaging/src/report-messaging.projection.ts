import { defineProjection } from '@portal/projections-runtime';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { messagingEvents } from '@portal/engagement/contracts';
import { identityEvents } from '@portal/identity/contracts';
import { catalogueEvents } from '@portal/learning/contracts';
import { DIMENSION_EVENT_TYPES, foldDimensions, TemporalBatch, LEARNER_PERSONAL_DATA } from '@portal/projection-report-kit';
import { messagesTable, migrateReportMessaging, type MessageRow } from './schema.js';

const events = combineEvents(identityEvents, catalogueEvents, messagingEvents);

/**
 * The messaging report (001 §2 whatsapp-messages, §3 messaging-app message record; ADR 0070, 0073):
 * per user message, the text, our replies and when it was sent. A reply joins the row of the
 * message it answers (a new version: replies, response, first response time); a reply that
 * answered nothing is a row of its own. The platform's ids are recorded once per stream, and the
 * kit skips an event at or before a key's last change, so a delivery twice changes nothing.
 * Rebuild: `npm run portal -- projections rebuild report-messaging`.
 */
export const reportMessagingProjection = defineProjection({
  name: 'report-messaging',
  version: 1,
  personalData: LEARNER_PERSONAL_DATA,
  events,
  eventTypes: [...DIMENSION_EVENT_TYPES, 'MessagingMessageReceived', 'MessagingReplySent'],
  migrate: migrateReportMessaging,
  // reports' indexes serve the pages; folding finds rows by primary key (TemporalBatch)
  readIndexesAfterCopy: true,
  async apply(trx, schema, batch) {
    await foldDimensions(trx, schema, batch);
    const messages = batch.flatMap((e) => (e.type === 'MessagingMessageReceived' || e.type === 'MessagingReplySent' ? [e] : []));
    if (messages.length === 0) return;
    const rowKey = (e: (typeof messages)[number]): [string, string] =>
      e.type === 'MessagingReplySent' && e.data.answersMessageId !== null ? [e.data.phoneKey, e.data.answersMessageId] : [e.data.phoneKey, e.data.messageId];
    const rows = new TemporalBatch(messagesTable);
    await rows.load(trx, schema, messages.map(rowKey));
    for (const e of messages) {
      const d = e.data;
      rows.change(rowKey(e), e.checkpoint.position, (current): MessageRow => {
        if (e.type === 'MessagingMessageReceived') {
          return { phone_key: d.phoneKey, message_id: d.messageId, user_id: d.userId, contact_name: e.data.contactName, message_type: d.messageType, user_text: d.text, response_text: null, replies: 0, sent_at: d.sentAt, responded_at: null };
        }
        const base: MessageRow = current ?? { phone_key: d.phoneKey, message_id: rowKey(e)[1], user_id: d.userId, contact_name: null, message_type: d.messageType, user_text: null, response_text: null, replies: 0, sent_at: d.sentAt, responded_at: null };
        const text = d.text ?? `[${d.messageType}]`;
        return { ...base, response_text: base.response_text === null ? text : `${base.response_text}\n\n${text}`, replies: base.replies + 1, responded_at: base.responded_at ?? d.sentAt };
      });
    }
    await rows.write(trx, schema);
  },
});
