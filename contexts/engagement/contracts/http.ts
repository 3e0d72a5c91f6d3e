/** HTTP contracts of the engagement context (schemas and the routes table, paths under /api), shared with the SPA. */
import { z } from 'zod';
import { LOCALES } from '@portal/kernel';
import { supportMessageSentSchema } from './shapes.js';
import { messagingRoutes } from './messaging.http.js';

export const SUPPORT_TITLE_MAX = 64;
export const SUPPORT_MESSAGE_MAX = 600;

export const supportMessageRequestSchema = z.object({
  /** the sender's register id (000 §3); must match the signed-in user when given */
  registerId: z.string().optional(),
  context: z.literal('web').default('web'),
  /** the page the message was sent from: an http or https URL, never `javascript:` or `data:` */
  origin: z.url({ protocol: /^https?$/ }).trim().max(2048),
  subject: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(SUPPORT_TITLE_MAX),
  message: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX),
  lang: z.enum(LOCALES).optional(),
});
export type SupportMessageRequest = z.infer<typeof supportMessageRequestSchema>;
export const supportMessageResponseSchema = z.object({ messageId: z.string(), sentAt: z.string() });

export const supportListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), offset: z.coerce.number().int().min(0).default(0) });
/** A listed support message is the message as sent: SupportMessageSent's fields. */
export const supportListItemSchema = supportMessageSentSchema;
export const supportListResponseSchema = z.object({ total: z.number().int(), items: z.array(supportListItemSchema) });
export type SupportList = z.infer<typeof supportListResponseSchema>;

/** Subjects per country (000 §5): Brazil and Spanish-speaking lists; otherwise station titles plus Others (client side). */
export const SUPPORT_SUBJECTS = {
  BR: ['Feedback', 'Atualização de Conteúdo', 'Sugestão de Conteúdo'],
  es: ['Pregunta', 'Reclamo', 'Sugerencias'],
} as const;
export const CTB_CAST_SUBJECT = 'CTBCast';

const localized = z.object({ 'pt-BR': z.string().min(1), es: z.string().min(1), en: z.string().min(1) });
export const displayViewConfigSchema = z.object({
  size: z.enum(['small', 'medium', 'large']).default('medium'),
  contentAlign: z.enum(['left', 'center', 'right']).default('left'),
});
export const publishNotificationRequestSchema = z.object({
  title: localized,
  content: localized,
  displayViewConfig: displayViewConfigSchema.default({ size: 'medium', contentAlign: 'left' }),
  categories: z.array(z.object({ label: localized, to: z.string().startsWith('/') })).max(12).default([]),
  countries: z.array(z.string().length(2)).default([]),
});
export type PublishNotificationRequest = z.output<typeof publishNotificationRequestSchema>;
export const notificationMessageSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** sanitized HTML */
  content: z.string(),
  displayViewConfig: displayViewConfigSchema,
  categories: z.array(z.object({ label: z.string(), to: z.string() })),
  publishedAt: z.string(),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;
export const notificationListQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
export const notificationListResponseSchema = z.array(notificationMessageSchema);
export const notificationEventRequestSchema = z.object({
  notificationId: z.string().min(1).max(64),
  eventType: z.literal('read'),
  clientTime: z.number().int().nonnegative().nullable().optional(),
  platform: z.literal('web').default('web'),
});
export const rowIdsRequestSchema = z.object({ rowIds: z.array(z.string().min(1).max(128)).max(500) });
export const rowIdsResponseSchema = z.object({ rowIds: z.array(z.string()) });

export const userEventRequestSchema = z.object({
  payload: z.record(z.string(), z.unknown()).refine((p) => JSON.stringify(p).length <= 4096, 'payload too large'),
  sessionId: z.string().max(128).nullable().optional(),
  clientTime: z.number().nullable().optional(),
  clientTimeOffset: z.number().nullable().optional(),
  contextArea: z.string().max(64).nullable().optional(),
  pageUrl: z.string().max(2048).nullable().optional(),
});
export const interactionTraceRequestSchema = z.object({
  category: z.string().min(1).max(64),
  action: z.string().min(1).max(64),
  label: z.string().max(256).nullable().optional(),
  value: z.union([z.string().max(256), z.number()]).nullable().optional(),
  nodeId: z.string().max(128).nullable().optional(),
  context: z.string().max(64).nullable().optional(),
  time: z.number().nullable().optional(),
  textContent: z.string().max(512).nullable().optional(),
  registerId: z.string().max(128).nullable().optional(),
});

export const searchQuerySchema = z.object({ query: z.string().trim().min(1).max(200), lang: z.enum(LOCALES).optional() });
/** Remote search result (000 §3): objectID is the content row id the SPA matches against its known content. */
export const searchResultSchema = z.object({ title: z.string(), description: z.string(), url: z.string(), objectID: z.string() });
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.array(searchResultSchema);

export const PAGE_SECTIONS = ['br', 'br-articles', 'br-i2x', 'tour', 'ar'] as const;
export type PageSection = (typeof PAGE_SECTIONS)[number];
export const pagesQuerySchema = z.object({ section: z.enum(PAGE_SECTIONS), lang: z.enum(LOCALES).optional() });
export const pageParamsSchema = z.object({ section: z.enum(PAGE_SECTIONS), slug: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,80}$/) });
export const pageSummarySchema = z.object({ section: z.enum(PAGE_SECTIONS), slug: z.string(), title: z.string(), revisedAt: z.string() });
export const pageSchema = pageSummarySchema.extend({
  /** sanitized HTML */
  html: z.string(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;
export type Page = z.infer<typeof pageSchema>;
export const pagesResponseSchema = z.array(pageSummarySchema);
export const pageLangQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

// ---- ask the expert (000 §4.1, 001 §3 "Ask-expert item", ADR 0072) ----------------------------

export const EXPERT_TITLE_MAX = 120;
export const EXPERT_QUESTION_MAX = 2000;
export const EXPERT_RESPONSE_MAX = 4000;
export const EXPERT_PHONE_MAX = 32;
export const EXPERT_PAGE_MAX = 100;

const idSchema = z.string().trim().min(1).max(64);
export const expertLangQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
/** An expert sub-theme as the learner picks it. */
export const expertSubThemeOptionSchema = z.object({ value: z.string(), label: z.string() });
/** An active expert theme with its active sub-themes (identity's reference lists expertThemes and expertSubThemes). */
export const expertThemeOptionSchema = z.object({ value: z.string(), label: z.string(), subThemes: z.array(expertSubThemeOptionSchema) });
export const expertThemeOptionsSchema = z.array(expertThemeOptionSchema);
export type ExpertThemeOption = z.infer<typeof expertThemeOptionSchema>;

export const askExpertRequestSchema = z.object({
  themeId: idSchema,
  subThemeId: idSchema,
  /** a phone number: with +country code, or national for the learner's country (checked by the server) */
  phone: z.string().trim().min(1).max(EXPERT_PHONE_MAX),
  title: z.string().trim().min(1).max(EXPERT_TITLE_MAX),
  question: z.string().trim().min(1).max(EXPERT_QUESTION_MAX),
  /** the learner's language (the answer's mail); the caller's default otherwise */
  lang: z.enum(LOCALES).optional(),
});
export type AskExpertRequest = z.infer<typeof askExpertRequestSchema>;
export const askExpertResponseSchema = z.object({ questionId: z.string(), askedAt: z.string() });

export const EXPERT_QUESTION_STATES = ['open', 'answered', 'withdrawn'] as const;
export type ExpertQuestionStatus = (typeof EXPERT_QUESTION_STATES)[number];
/** A question as its learner and its experts see it (labels in the reader's language). */
export const expertQuestionViewSchema = z.object({
  questionId: z.string(),
  status: z.enum(EXPERT_QUESTION_STATES),
  themeId: z.string(),
  theme: z.string(),
  subThemeId: z.string(),
  subTheme: z.string(),
  phone: z.string(),
  title: z.string(),
  question: z.string(),
  askedAt: z.string(),
  /** an expert took it and is answering (open questions only) */
  claimedBy: z.string().nullable(),
  claimedByName: z.string().nullable(),
  response: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredByName: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type ExpertQuestionView = z.infer<typeof expertQuestionViewSchema>;
/** The learner's own questions, newest first, each answer flagged `unseen` until the learner opens the list. */
export const myExpertQuestionSchema = expertQuestionViewSchema.extend({ unseen: z.boolean() });
export const myExpertQuestionsResponseSchema = z.object({ items: z.array(myExpertQuestionSchema), unseenAnswers: z.number().int() });
export type MyExpertQuestions = z.infer<typeof myExpertQuestionsResponseSchema>;
export type MyExpertQuestion = z.infer<typeof myExpertQuestionSchema>;

/** Who the caller is in ask the expert: the themes they answer for and their unseen answers (the menu's entries and badge). */
export const expertMeResponseSchema = z.object({ themeIds: z.array(z.string()), openInQueue: z.number().int(), unseenAnswers: z.number().int() });
export type ExpertMe = z.infer<typeof expertMeResponseSchema>;

export const expertQueueQuerySchema = z.object({
  lang: z.enum(LOCALES).optional(),
  /** one of the caller's themes; all of them when absent */
  themeId: idSchema.optional(),
  /** open (unanswered, the default), answered, or all; open come first in `all` */
  status: z.enum(['open', 'answered', 'all']).default('open'),
  limit: z.coerce.number().int().min(1).max(EXPERT_PAGE_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ExpertQueueQuery = z.infer<typeof expertQueueQuerySchema>;
export const expertQueueResponseSchema = z.object({ total: z.number().int(), items: z.array(expertQuestionViewSchema) });
export type ExpertQueue = z.infer<typeof expertQueueResponseSchema>;

export const questionParamsSchema = z.object({ questionId: idSchema });
export const answerExpertRequestSchema = z.object({ response: z.string().trim().min(1).max(EXPERT_RESPONSE_MAX) });
export type AnswerExpertRequest = z.infer<typeof answerExpertRequestSchema>;
export const answerExpertResponseSchema = z.object({ questionId: z.string(), answeredAt: z.string(), answeredByName: z.string() });
export type AnswerExpertResponse = z.infer<typeof answerExpertResponseSchema>;

/** An expert and the themes they answer for (manage_all_companies). */
export const expertAssignmentSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  themeIds: z.array(z.string()),
  assignedAt: z.string(),
  assignedBy: z.string(),
});
export type ExpertAssignment = z.infer<typeof expertAssignmentSchema>;
export const expertAssignmentsQuerySchema = z.object({ themeId: idSchema.optional() });
export const expertAssignmentsResponseSchema = z.object({ experts: z.array(expertAssignmentSchema) });
export const expertUserParamsSchema = z.object({ userId: idSchema });
/** The whole list of themes the user answers for after the change; empty takes the user off the experts. */
export const assignExpertThemesRequestSchema = z.object({ themeIds: z.array(idSchema).max(50) });

export const engagementRoutes = {
  pages: { method: 'GET', path: '/pages', query: pagesQuerySchema, response: pagesResponseSchema, summary: 'Public content pages of a section (000 §2.1 public routes)' },
  page: { method: 'GET', path: '/pages/:section/:slug', params: pageParamsSchema, query: pageLangQuerySchema, response: pageSchema, summary: 'One public content page' },
  supportMessage: { method: 'POST', path: '/support/message', body: supportMessageRequestSchema, response: supportMessageResponseSchema, summary: 'Send a support message (000 §4.7)' },
  supportList: { method: 'GET', path: '/support/messages', query: supportListQuerySchema, response: supportListResponseSchema, summary: "Support messages, newest first: company_manager or company_admin with a company and manage_companies_users (their company's users), manage_all_companies or auditor (every message)" },
  notifications: { method: 'GET', path: '/notification-messages', query: notificationListQuerySchema, response: notificationListResponseSchema, summary: 'Notification messages not yet read by the caller' },
  notificationEvent: { method: 'POST', path: '/notification-messages', body: notificationEventRequestSchema, summary: 'Record that a notification message was shown ("read")' },
  notViewedRowIds: { method: 'POST', path: '/notification-messages/not-viewed-row-ids', body: rowIdsRequestSchema, response: rowIdsResponseSchema, summary: 'Which of these notification rows the caller has not seen' },
  setViewedRowIds: { method: 'POST', path: '/notification-messages/set-viewed-row-ids', body: rowIdsRequestSchema, summary: 'Mark notification rows as seen (resets the unseen count)' },
  publishNotification: { method: 'POST', path: '/notification-messages/publish', body: publishNotificationRequestSchema, summary: 'Publish a notification message (tc_admin, company_admin)' },
  userEvents: { method: 'POST', path: '/user-events/set', body: userEventRequestSchema, summary: 'Record a client user event (failures ignored by the client)' },
  interactionTrace: { method: 'POST', path: '/interactions/trace', body: interactionTraceRequestSchema, summary: 'Record an interaction trace (failures ignored by the client)' },
  search: { method: 'GET', path: '/search-api', query: searchQuerySchema, response: searchResponseSchema, summary: 'Full-text search over the catalogue in pt-BR, es and en, accent-insensitive' },
  ...messagingRoutes,
  expertThemes: { method: 'GET', path: '/expert/themes', query: expertLangQuerySchema, response: expertThemeOptionsSchema, summary: 'Active expert themes with their active sub-themes (ask the expert, 000 §4.1)' },
  askExpert: {
    method: 'POST',
    path: '/expert/questions',
    body: askExpertRequestSchema,
    response: askExpertResponseSchema,
    errors: ['expert-theme-invalid', 'expert-sub-theme-invalid', 'expert-phone-invalid'],
    summary: 'Ask the expert a question (learners)',
  },
  myExpertQuestions: { method: 'GET', path: '/expert/questions', query: expertLangQuerySchema, response: myExpertQuestionsResponseSchema, summary: "The caller's questions with their answers, newest first" },
  withdrawExpertQuestion: {
    method: 'POST',
    path: '/expert/questions/:questionId/withdraw',
    params: questionParamsSchema,
    errors: ['expert-question-already-answered'],
    summary: 'Take back an unanswered question (its learner)',
  },
  markExpertAnswersSeen: { method: 'POST', path: '/expert/questions/seen', summary: "Mark the caller's answered questions seen (resets the menu's badge)" },
  expertMe: { method: 'GET', path: '/expert/me', response: expertMeResponseSchema, summary: "The caller's expert themes, open questions in their queue and unseen answers" },
  expertQueue: { method: 'GET', path: '/expert/queue', query: expertQueueQuerySchema, response: expertQueueResponseSchema, errors: ['expert-not-assigned'], summary: "The questions of the caller's themes, unanswered first (experts)" },
  claimExpertQuestion: {
    method: 'POST',
    path: '/expert/queue/:questionId/claim',
    params: questionParamsSchema,
    errors: ['expert-not-assigned', 'expert-question-already-answered', 'expert-question-withdrawn'],
    summary: 'Take a question to answer it (experts of its theme)',
  },
  answerExpertQuestion: {
    method: 'POST',
    path: '/expert/queue/:questionId/answer',
    params: questionParamsSchema,
    body: answerExpertRequestSchema,
    response: answerExpertResponseSchema,
    errors: ['expert-not-assigned', 'expert-question-already-answered', 'expert-question-withdrawn'],
    summary: 'Answer a question (experts of its theme); the learner is notified and mailed',
  },
  expertAssignments: { method: 'GET', path: '/expert/experts', query: expertAssignmentsQuerySchema, response: expertAssignmentsResponseSchema, summary: 'Experts and their themes (manage_all_companies)' },
  assignExpertThemes: {
    method: 'PUT',
    path: '/expert/experts/:userId',
    params: expertUserParamsSchema,
    body: assignExpertThemesRequestSchema,
    response: expertAssignmentSchema,
    errors: ['expert-theme-invalid', 'user-not-found'],
    summary: 'Set the themes a user answers for (manage_all_companies)',
  },
} as const;
