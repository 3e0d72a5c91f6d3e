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
 * - engagement.question-<questionId>          ExpertQuestionAsked, ExpertQuestionClaimed, ExpertQuestionAnswered, ExpertQuestionWithdrawn (ADR 0072)
 * - engagement.expert-<userId>                ExpertThemesAssigned (ADR 0072)
 */
import { z } from 'zod';
import { LOCALES } from '@portal/kernel';
import { defineEvents, mergeEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { supportMessageSentSchema } from './shapes.js';

const localeSchema = z.enum(LOCALES);
/** one text per locale, every locale present */
const perLocale = z.record(localeSchema, z.string());

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
/** The labels of an expert theme or sub-theme (identity's reference item) as they read when the question was asked. */
const themeLabels = z.object({ 'pt-BR': z.string(), es: z.string(), en: z.string() });
/**
 * Ask the expert (000 §4.1, 001 §3 "Ask-expert item", ADR 0072). The asked event carries what the
 * ask-the-expert report needs without a join: the theme and sub-theme with their labels as asked,
 * the learner's company and country as of the question (company scope), phone, title, question.
 */
const expertQuestionAskedSchema = z.object({
  questionId: z.string(),
  userId: z.string(),
  /** the address the answer is mailed to (the learner's e-mail when asking) */
  email: z.string(),
  /** the language the learner asked in: the answer's mail and screens use it */
  lang: localeSchema,
  companyId: z.string().nullable(),
  country: z.string().nullable(),
  themeId: z.string(),
  themeLabels,
  subThemeId: z.string(),
  subThemeLabels: themeLabels,
  /** E.164 (+5519999990000) */
  phone: z.string(),
  title: z.string(),
  question: z.string(),
  askedAt: z.string(),
});
/** An expert took the question: others see it is being answered (it stays answerable by any expert of the theme). */
const expertQuestionClaimedSchema = z.object({ questionId: z.string(), expertId: z.string(), expertName: z.string(), themeId: z.string(), claimedAt: z.string() });
const expertQuestionAnsweredSchema = z.object({
  questionId: z.string(),
  /** the learner who asked (so a reader of this event alone knows whom it concerns) */
  userId: z.string(),
  themeId: z.string(),
  expertId: z.string(),
  /** the expert's name as the portal showed it when answering (the report's "who answered") */
  expertName: z.string(),
  response: z.string(),
  answeredAt: z.string(),
});
/** The learner took back an unanswered question. */
const expertQuestionWithdrawnSchema = z.object({ questionId: z.string(), userId: z.string(), withdrawnAt: z.string() });
/** The whole list of expert themes a user answers for after the change (empty: no longer an expert). */
const expertThemesAssignedSchema = z.object({ userId: z.string(), themeIds: z.array(z.string()), by: z.string(), assignedAt: z.string() });

export const supportEvents = defineEvents({ SupportMessageSent: supportMessageSentSchema });
export const notificationEvents = defineEvents({
  NotificationMessagePublished: notificationMessagePublishedSchema,
  NotificationMessageWithdrawn: notificationMessageWithdrawnSchema,
});
export const inboxEvents = defineEvents({ NotificationMessageRead: notificationMessageReadSchema, NotificationRowsViewed: notificationRowsViewedSchema });
export const trackingEvents = defineEvents({ UserEventRecorded: userEventRecordedSchema, InteractionTraced: interactionTracedSchema });
export const messagingEvents = defineEvents({ MessagingMessageReceived: messagingMessageReceivedSchema, MessagingReplySent: messagingReplySentSchema });
export const expertQuestionEvents = defineEvents({
  ExpertQuestionAsked: expertQuestionAskedSchema,
  ExpertQuestionClaimed: expertQuestionClaimedSchema,
  ExpertQuestionAnswered: expertQuestionAnsweredSchema,
  ExpertQuestionWithdrawn: expertQuestionWithdrawnSchema,
});
export const expertEvents = defineEvents({ ExpertThemesAssigned: expertThemesAssignedSchema });
/** Every stored event of the engagement context. */
export const engagementEvents = mergeEvents(supportEvents, notificationEvents, inboxEvents, trackingEvents, messagingEvents, expertQuestionEvents, expertEvents);

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
export type ExpertQuestionEvent = EventOf<typeof expertQuestionEvents.schemas>;
export type ExpertQuestionAsked = Extract<EngagementEvent, { type: 'ExpertQuestionAsked' }>;
export type ExpertQuestionClaimed = Extract<EngagementEvent, { type: 'ExpertQuestionClaimed' }>;
export type ExpertQuestionAnswered = Extract<EngagementEvent, { type: 'ExpertQuestionAnswered' }>;
export type ExpertQuestionWithdrawn = Extract<EngagementEvent, { type: 'ExpertQuestionWithdrawn' }>;
export type ExpertThemesAssigned = Extract<EngagementEvent, { type: 'ExpertThemesAssigned' }>;
export type ExpertEvent = ExpertThemesAssigned;

export const supportStream = (id: string) => `engagement.support-${id}`;
export const notificationStream = (id: string) => `engagement.notification-${id}`;
export const inboxStream = (userId: string) => `engagement.inbox-${userId}`;
export const trackingStream = (actor: string, day: string) => `engagement.tracking-${actor}-${day}`;
export const messagingStream = (phoneKey: string) => `engagement.messaging-${phoneKey}`;
export const expertQuestionStream = (questionId: string) => `engagement.question-${questionId}`;
export const expertStream = (userId: string) => `engagement.expert-${userId}`;
/** The notification row of an answered question (the inbox's NotificationRowsViewed marks it seen). */
export const expertAnswerRowId = (questionId: string) => `expert-answer:${questionId}`;
