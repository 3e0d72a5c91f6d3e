import { sql, type Transaction, type Updateable } from 'kysely';
import { combineEvents } from '@portal/eventstore';
import { defineProjection, ERASED_SQL } from '@portal/projections-runtime';
import { identityEvents } from '@portal/identity/contracts';
import { messagingEvents, phoneKeyOf, type MessagingMessageReceived, type MessagingReplySent } from '@portal/engagement/contracts';
import { migrateMessaging, type MessagingDB } from './schema.js';

const events = combineEvents(messagingEvents, identityEvents);
type Handled = ReturnType<typeof events.parseRecorded>;

/** The events the read model folds (docs/event-catalogue.md "projected by"). */
const EVENT_TYPES = [
  'MessagingMessageReceived',
  'MessagingReplySent',
  // identity: who a phone belongs to, their company, name and e-mail
  'UserRegistered',
  'UserPreRegistered',
  'AccessGranted',
  'AccessChanged',
  'ProfileUpdated',
  'UserDetailsChanged',
  'PhoneLinked',
  'EmailChanged',
  'EmailRecovered',
  'UserDeleted',
] as const satisfies readonly Handled['type'][];

type Trx = Transaction<MessagingDB>;

/**
 * The messaging conversations (ADR 0073): every user message and business reply once, per phone
 * a conversation row with its counts, and the users a phone may belong to. Idempotent: a message
 * already stored changes no count; identity's facts are set, never added.
 */
export const messagingProjection = defineProjection<MessagingDB, Handled>({
  name: 'messaging',
  version: 1,
  // ADR 0091: the subject's words and contact names, and their profile copy
  personalData: [
    { table: 'messaging_messages', subject: 'user_id', set: { text: `case when "text" is null then null else ${ERASED_SQL} end`, contact_name: `case when "contact_name" is null then null else ${ERASED_SQL} end` } },
    {
      table: 'messaging_conversations',
      subject: 'user_id',
      set: { contact_name: `case when "contact_name" is null then null else ${ERASED_SQL} end` },
    },
    // the phone key is the number's digits: a rebuild finds no number in the erased profile
    { table: 'messaging_users', subject: 'user_id', set: { phone_key: 'null', name: `case when "name" is null then null else ${ERASED_SQL} end`, email: `case when "email" is null then null else ${ERASED_SQL} end` } },
  ],
  events,
  eventTypes: EVENT_TYPES,
  migrate: migrateMessaging,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema) as Trx;
    for (const e of events) {
      switch (e.type) {
        case 'MessagingMessageReceived':
          await received(t, e.data);
          break;
        case 'MessagingReplySent':
          await replied(t, e.data);
          break;
        case 'UserRegistered':
          await upsertUser(t, e.data.userId, { email: e.data.email });
          break;
        case 'UserPreRegistered':
          await upsertUser(t, e.data.userId, { email: e.data.email, company_id: e.data.companyId, ...(e.data.details.name !== undefined ? { name: e.data.details.name } : {}) });
          if (e.data.details.phone !== undefined) await profilePhone(t, e.data.userId, e.data.details.phone, e.data.preRegisteredAt);
          break;
        case 'AccessGranted':
        case 'AccessChanged':
          await upsertUser(t, e.data.userId, { company_id: e.data.companyId });
          break;
        case 'ProfileUpdated':
          if (e.data.name !== undefined) await upsertUser(t, e.data.userId, { name: e.data.name });
          if (e.data.phone !== undefined) await profilePhone(t, e.data.userId, e.data.phone, e.data.updatedAt);
          break;
        case 'UserDetailsChanged':
          if (e.data.details.name !== undefined) await upsertUser(t, e.data.userId, { name: e.data.details.name });
          if (e.data.details.phone !== undefined) await profilePhone(t, e.data.userId, e.data.details.phone, e.data.changedAt);
          break;
        case 'PhoneLinked':
          await upsertUser(t, e.data.userId, { phone_key: phoneKeyOf(e.data.phone), phone_verified: true, phone_at: e.data.linkedAt });
          break;
        case 'EmailChanged':
        case 'EmailRecovered':
          await upsertUser(t, e.data.userId, { email: e.data.email });
          break;
        case 'UserDeleted':
          await t.deleteFrom('messaging_users').where('user_id', '=', e.data.userId).execute();
          break;
        default:
          break;
      }
    }
  },
});

type UserFields = Omit<Updateable<MessagingDB['messaging_users']>, 'user_id'>;

async function upsertUser(t: Trx, userId: string, fields: UserFields): Promise<void> {
  await t
    .insertInto('messaging_users')
    .values({ user_id: userId, ...fields })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(fields as never))
    .execute();
}

/** A phone typed in a form: verified only while it is the number the user linked (as identity's users read model). */
async function profilePhone(t: Trx, userId: string, phone: string | null, at: string): Promise<void> {
  const key = phoneKeyOf(phone);
  await t
    .insertInto('messaging_users')
    .values({ user_id: userId, company_id: null, name: null, email: null, phone_key: key, phone_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        phone_key: key,
        phone_at: at,
        phone_verified: sql<boolean>`messaging_users.phone_verified and messaging_users.phone_key is not distinct from ${key}`,
      }),
    )
    .execute();
}

async function message(t: Trx, d: MessagingMessageReceived['data'] | MessagingReplySent['data'], direction: 'inbound' | 'reply'): Promise<boolean> {
  const inserted = await t
    .insertInto('messaging_messages')
    .values({
      message_id: d.messageId,
      phone_key: d.phoneKey,
      direction,
      user_id: d.userId,
      matched_by: d.matchedBy,
      message_type: d.messageType,
      text: d.text,
      quoted_message_id: d.quotedMessageId,
      answers_message_id: 'answersMessageId' in d ? d.answersMessageId : null,
      contact_name: 'contactName' in d ? d.contactName : null,
      business_phone_number_id: d.businessPhoneNumberId,
      sent_at: d.sentAt,
      received_at: d.receivedAt,
    })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('message_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

async function received(t: Trx, d: MessagingMessageReceived['data']): Promise<void> {
  if (!(await message(t, d, 'inbound'))) return;
  await t
    .insertInto('messaging_conversations')
    .values({ phone_key: d.phoneKey, contact_name: d.contactName, user_id: d.userId, messages: 1, replies: 0, unanswered: 1, last_message_at: d.sentAt })
    .onConflict((oc) =>
      oc.column('phone_key').doUpdateSet({
        messages: sql<number>`messaging_conversations.messages + 1`,
        unanswered: sql<number>`messaging_conversations.unanswered + 1`,
        contact_name: sql<string | null>`coalesce(excluded.contact_name, messaging_conversations.contact_name)`,
        // the user the conversation's latest message matched
        user_id: sql<string | null>`case when excluded.last_message_at >= messaging_conversations.last_message_at then excluded.user_id else messaging_conversations.user_id end`,
        last_message_at: sql<string>`greatest(excluded.last_message_at, messaging_conversations.last_message_at)`,
      }),
    )
    .execute();
}

async function replied(t: Trx, d: MessagingReplySent['data']): Promise<void> {
  if (!(await message(t, d, 'reply'))) return;
  const answered = d.answersMessageId
    ? await t.updateTable('messaging_messages').set({ answered: true }).where('message_id', '=', d.answersMessageId).where('answered', '=', false).returning('message_id').executeTakeFirst()
    : undefined;
  await t
    .insertInto('messaging_conversations')
    .values({ phone_key: d.phoneKey, contact_name: null, user_id: d.userId, messages: 0, replies: 1, unanswered: 0, last_message_at: d.sentAt })
    .onConflict((oc) =>
      oc.column('phone_key').doUpdateSet({
        replies: sql<number>`messaging_conversations.replies + 1`,
        unanswered: sql<number>`messaging_conversations.unanswered - ${answered ? 1 : 0}`,
        last_message_at: sql<string>`greatest(excluded.last_message_at, messaging_conversations.last_message_at)`,
      }),
    )
    .execute();
}
