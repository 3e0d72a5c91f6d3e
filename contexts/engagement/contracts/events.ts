/**
 * Stored events of the engagement context (ADR 0047), defined once with zod (ADR 0009 §4): support
 * messages, notification messages shown to learners, and client tracking (user events,
 * interaction traces). The TypeScript types are inferred from the schemas; a changed shape gets a
 * new schema version and an upcaster in `engagementEvents`.
 *
 * Streams:
 * - engagement.support-<messageId>            SupportMessageSent
 * - engagement.notification-<notificationId>  NotificationMessagePublished, NotificationMessageWithdrawn
 * - engagement.inbox-<userId>                 NotificationMessageRead, NotificationRowsViewed
 * - engagement.tracking-<actor>-<yyyy-mm-dd>  UserEventRecorded, InteractionTraced (high volume, append-any)
 * - engagement.messaging-<phoneKey>           MessagingMessageReceived, MessagingReplySent (ADR 0073)
 */
import { z } from 'zod';
import { LOCALES } from '@portal/kernel';
import { defineEvents, type EventOf } from '@portal/eventstore/event-schemas';

const localeSchema = z.enum(LOCALES);
/** one text per locale, every locale present */
const perLocale = z.record(localeSchema, z.string());

const supportMessageSentSchema = z.object({
  messageId: z.string(),
  registerId: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  context: z.string(),
  origin: z.string(),
  subject: z.string(),
  title: z.string(),
  message: z.string(),
  lang: localeSchema,
  sentAt: z.string(),
});

const notificationMessagePublishedSchema = z.object({
  notificationId: z.string(),
  title: perLocale,
  /** sanitized HTML per locale (no script can run from it) */
  content: perLocale,
  displayViewConfig: z.object({ size: z.enum(['small', 'medium', 'large']), contentAlign: z.enum(['left', 'center', 'right']) }),
  categories: z.array(z.object({ label: perLocale, to: z.string() })),
  countries: z.array(z.string()),
  publishedAt: z.string(),
  publishedBy: z.string(),
});
const notificationMessageWithdrawnSchema = z.object({ notificationId: z.string(), withdrawnAt: z.string() });
const notificationMessageReadSchema = z.object({
  userId: z.string(),
  notificationId: z.string(),
  eventType: z.literal('read'),
  clientTime: z.number().nullable(),
  platform: z.literal('web'),
  readAt: z.string(),
});
const notificationRowsViewedSchema = z.object({ userId: z.string(), rowIds: z.array(z.string()), viewedAt: z.string() });

const userEventRecordedSchema = z.object({
  actor: z.string(),
  payload: z.record(z.string(), z.unknown()),
  sessionId: z.string().nullable(),
  clientTime: z.number().nullable(),
  clientTimeOffset: z.number().nullable(),
  contextArea: z.string().nullable(),
  pageUrl: z.string().nullable(),
  recordedAt: z.string(),
});
const interactionTracedSchema = z.object({
  actor: z.string(),
  category: z.string(),
  action: z.string(),
  label: z.string().nullable(),
  value: z.union([z.string(), z.number()]).nullable(),
  nodeId: z.string().nullable(),
  context: z.string().nullable(),
  time: z.number().nullable(),
  textContent: z.string().nullable(),
  tracedAt: z.string(),
});

/**
 * The messaging app (ADR 0073): what a user sent to the portal's business number and what the
 * business answered, as the platform's webhook delivered them, one stream per user phone. The
 * user is the portal user whose phone matched when the message arrived (a verified linked phone
 * first, else a profile phone), or null; `messageId` is the platform's id (WhatsApp `wamid`),
 * recorded once per stream.
 */
const messagingMatch = {
  /** the user's phone, digits with the country code (phoneKeyOf) */
  phoneKey: z.string(),
  userId: z.string().nullable(),
  matchedBy: z.enum(['linked-phone', 'profile-phone']).nullable(),
};
const messagingMessageFields = {
  platform: z.literal('whatsapp'),
  messageId: z.string(),
  ...messagingMatch,
  /** the platform's type: text, image, button, interactive, reaction, location... */
  messageType: z.string(),
  /** the text of a text message, a caption, a button or list reply's title, a reaction's emoji; null for the rest */
  text: z.string().nullable(),
  /** the message it quotes (the platform's reply context), when it quotes one */
  quotedMessageId: z.string().nullable(),
  /** the business phone number (platform id) the conversation is with */
  businessPhoneNumberId: z.string(),
  /** when the platform says it was sent (its timestamp) */
  sentAt: z.string(),
  /** when the webhook delivery arrived */
  receivedAt: z.string(),
};
const messagingMessageReceivedSchema = z.object({
  ...messagingMessageFields,
  /** the name the user gave their messaging profile */
  contactName: z.string().nullable(),
});
const messagingReplySentSchema = z.object({
  ...messagingMessageFields,
  /** the user's message this reply answers: the one it quotes, else the user's latest before it; null when none is known */
  answersMessageId: z.string().nullable(),
});

export const supportEvents = defineEvents({ SupportMessageSent: supportMessageSentSchema });
export const notificationEvents = defineEvents({
  NotificationMessagePublished: notificationMessagePublishedSchema,
  NotificationMessageWithdrawn: notificationMessageWithdrawnSchema,
});
export const inboxEvents = defineEvents({ NotificationMessageRead: notificationMessageReadSchema, NotificationRowsViewed: notificationRowsViewedSchema });
export const trackingEvents = defineEvents({ UserEventRecorded: userEventRecordedSchema, InteractionTraced: interactionTracedSchema });
export const messagingEvents = defineEvents({ MessagingMessageReceived: messagingMessageReceivedSchema, MessagingReplySent: messagingReplySentSchema });
/** Every stored event of the engagement context. */
export const engagementEvents = defineEvents({
  ...supportEvents.schemas,
  ...notificationEvents.schemas,
  ...inboxEvents.schemas,
  ...trackingEvents.schemas,
  ...messagingEvents.schemas,
});

export type EngagementEvent = EventOf<typeof engagementEvents.schemas>;
export type SupportMessageSent = Extract<EngagementEvent, { type: 'SupportMessageSent' }>;
export type NotificationMessagePublished = Extract<EngagementEvent, { type: 'NotificationMessagePublished' }>;
export type NotificationMessageWithdrawn = Extract<EngagementEvent, { type: 'NotificationMessageWithdrawn' }>;
export type NotificationMessageRead = Extract<EngagementEvent, { type: 'NotificationMessageRead' }>;
export type NotificationRowsViewed = Extract<EngagementEvent, { type: 'NotificationRowsViewed' }>;
export type UserEventRecorded = Extract<EngagementEvent, { type: 'UserEventRecorded' }>;
export type InteractionTraced = Extract<EngagementEvent, { type: 'InteractionTraced' }>;
export type MessagingMessageReceived = Extract<EngagementEvent, { type: 'MessagingMessageReceived' }>;
export type MessagingReplySent = Extract<EngagementEvent, { type: 'MessagingReplySent' }>;
export type MessagingEvent = MessagingMessageReceived | MessagingReplySent;

export const supportStream = (id: string) => `engagement.support-${id}`;
export const notificationStream = (id: string) => `engagement.notification-${id}`;
export const inboxStream = (userId: string) => `engagement.inbox-${userId}`;
export const trackingStream = (actor: string, day: string) => `engagement.tracking-${actor}-${day}`;
export const messagingStream = (phoneKey: string) => `engagement.messaging-${phoneKey}`;
