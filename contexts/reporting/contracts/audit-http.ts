/**
 * HTTP contracts of the auditor's area (ADR 0071), shared by the API and the SPA: find a subject,
 * its timeline across streams with each stream's chain, the whole-log verification runs and the
 * trail exports. Every route is for the role auditor only.
 */
import { z } from 'zod';
import { LOCALES } from '@portal/kernel';
import { auditedEventSchema, streamVerificationSchema, wholeLogVerificationSchema } from '@portal/eventstore/event-schemas';
import { scormInteractionSchema, scormObjectiveSchema } from '@portal/learning/contracts/scorm-runtime';
import { AUDIT_TRAIL_FORMATS, auditSubjectKindSchema } from './audit-shapes.js';

/** A global log position as the API writes it, "<transactionId>.<position>". */
const positionSchema = z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'position');

export const auditFindQuerySchema = z.object({
  kind: auditSubjectKindSchema,
  /** user: name, e-mail or id; booking: id or visitor e-mail/name; answer: answer row id, event id, or the learner (id, name, e-mail); certificate: its id, the holder's name or id */
  q: z.string().trim().min(1).max(200),
  /** the language answers are worded in (the auditor's; default pt-BR) */
  lang: z.enum(LOCALES).default('pt-BR'),
});
export type AuditFindQuery = z.infer<typeof auditFindQuerySchema>;

export const auditSubjectSchema = z.object({
  kind: auditSubjectKindSchema,
  id: z.string(),
  /** what the auditor reads first: a name, a visitor, a question, a certificate title */
  label: z.string(),
  /** a second line: e-mail, date and place, learner and answer, holder */
  detail: z.string().nullable(),
  /** when it happened (registration, booked date, answered, issued), ISO; null when unknown */
  at: z.string().nullable(),
});
export type AuditSubject = z.infer<typeof auditSubjectSchema>;
export const auditFindResponseSchema = z.object({ subjects: z.array(auditSubjectSchema) });
export type AuditFindResponse = z.infer<typeof auditFindResponseSchema>;

export const auditSubjectParamsSchema = z.object({ kind: auditSubjectKindSchema, id: z.string().trim().min(1).max(200) });
export type AuditSubjectParams = z.infer<typeof auditSubjectParamsSchema>;

export const AUDIT_TIMELINE_PAGE = 100;
export const auditTimelineQuerySchema = z.object({
  /** the page after this position (the previous page's `next`) */
  after: positionSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(AUDIT_TIMELINE_PAGE),
  /** only this stream's events */
  stream: z.string().trim().min(1).max(300).optional(),
  /** only events of this type */
  type: z.string().trim().min(1).max(100).optional(),
  /** the language an answer is worded in (the auditor's; default pt-BR) */
  lang: z.enum(LOCALES).default('pt-BR'),
});
export type AuditTimelineQuery = z.infer<typeof auditTimelineQuerySchema>;

/**
 * A learner's SCORM commit as the auditor reads it (issue 27, ADR 0084): the course in words (the
 * station and entry as they stood then), the SCO, the course's status and score, and the SCO's
 * interactions (id, description, learner response, result, correct responses, latency, time) and
 * objectives (id, status, score) as the commit carried them.
 */
export const auditScormAttemptSchema = z.object({
  /** "station · entry", in the asked language */
  place: z.string().nullable(),
  entryId: z.string(),
  /** a multi-SCO package's SCO (manifest item id); null for a single SCO */
  scoId: z.string().nullable(),
  version: z.enum(['1.2', '2004']),
  lessonStatus: z.string().nullable(),
  score: z.number().nullable(),
  interactions: z.array(scormInteractionSchema),
  objectives: z.array(scormObjectiveSchema),
});
export type AuditScormAttempt = z.infer<typeof auditScormAttemptSchema>;

/** A timeline's event: the one audited row every audit answers (ADR 0089), with a SCORM commit in words. */
export const auditTimelineEventSchema = auditedEventSchema.extend({
  /** a ScormStateSaved on the timeline: the attempt in words (issue 27); absent for other events */
  scorm: auditScormAttemptSchema.optional(),
});
export type AuditTimelineEvent = z.infer<typeof auditTimelineEventSchema>;

/** A stream as `audit verify <stream>` checks it: its hash chain, then its events against the checkpoints that sealed them (ADR 0083). */
export const auditStreamChainSchema = streamVerificationSchema;
export type AuditStreamChain = z.infer<typeof auditStreamChainSchema>;

/** Where an answer was given (ADR 0083): AnswerSubmitted's contexts, a public survey, an event quiz. */
export const AUDIT_ANSWER_KINDS = ['station', 'media', 'nps', 'adaptive_learning', 'survey', 'public-survey', 'event-quiz'] as const;
/**
 * An answer as the auditor reads it (issue 26 item 8, ADR 0083): the question, the place and the
 * option chosen in words, as they stood at the question's revision when it was answered, in the
 * asked language; whether it was right and its points; when, from where and from what device;
 * its follow-up and every retry.
 */
export const auditAnswerSchema = z.object({
  kind: z.enum(AUDIT_ANSWER_KINDS),
  /** the learner's name, else e-mail, else id */
  learner: z.string(),
  learnerEmail: z.string().nullable(),
  /** the station, "station · media", the scheduled event or the survey, in words */
  place: z.string().nullable(),
  /** the question and its follow-up (followUp), or each question of a quiz */
  items: z.array(
    z.object({
      question: z.string(),
      /** the chosen option(s), or an open answer's text; NPS: the rating too */
      option: z.string().nullable(),
      isCorrect: z.boolean().nullable(),
      points: z.number().nullable(),
      followUp: z.boolean(),
    }),
  ),
  /** the catalogue question's revision it was answered at (null: a quiz) */
  questionRevision: z.number().int().nullable(),
  isCorrect: z.boolean().nullable(),
  points: z.number().nullable(),
  answeredAt: z.string(),
  recordedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  attempt: z.number().int(),
  /** every answer of the learner to this question, this one included, in log order (retries) */
  attempts: z.array(z.object({ id: z.string(), attempt: z.number().int(), isCorrect: z.boolean().nullable(), answeredAt: z.string() })),
});
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

export const auditTimelineResponseSchema = z.object({
  subject: auditSubjectSchema,
  /** an answer's trail: the answer in words (null for the other kinds) */
  answer: auditAnswerSchema.nullable(),
  events: z.array(auditTimelineEventSchema),
  /** the streams of this page's events, each verified against the seal */
  streams: z.array(auditStreamChainSchema),
  /** when the whole log was last verified and with what result */
  lastWholeLog: wholeLogVerificationSchema,
  /** the next page's `after`; null on the last page */
  next: positionSchema.nullable(),
  /** on the first page (no `after`): every stream and type of the whole trail with its count, for the filters */
  facets: z
    .object({
      total: z.number().int().nonnegative(),
      streams: z.array(z.object({ streamId: z.string(), events: z.number().int().nonnegative() })),
      types: z.array(z.object({ type: z.string(), events: z.number().int().nonnegative() })),
    })
    .nullable(),
});
export type AuditTimeline = z.infer<typeof auditTimelineResponseSchema>;

export const AUDIT_VERIFICATION_STATUSES = ['running', 'passed', 'failed', 'interrupted', 'error'] as const;
export const auditLogBreakSchema = z.object({
  kind: z.enum(['stream', 'checkpoint']),
  streamId: z.string().nullable(),
  revision: z.string().nullable(),
  checkpoint: z.string().nullable(),
  position: z.string().nullable(),
  reason: z.string(),
});
export type AuditLogBreak = z.infer<typeof auditLogBreakSchema>;
export const auditVerificationSchema = z.object({
  runId: z.string(),
  status: z.enum(AUDIT_VERIFICATION_STATUSES),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  checked: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  eventsPerSecond: z.number().nonnegative(),
  result: z
    .object({
      events: z.number().int().nonnegative(),
      streams: z.number().int().nonnegative(),
      checkpoints: z.number().int().nonnegative(),
      /** events after the newest checkpoint (their chains are checked; nothing seals them yet) */
      unsealed: z.number().int().nonnegative(),
      /** where the newest checkpoint ends, "<transactionId>.<position>"; null when nothing is sealed */
      sealedUpTo: z.string().nullable(),
      /** the newest checkpoint's number; null when nothing is sealed */
      checkpoint: z.string().nullable(),
      /** the first is the first broken place; empty when the log verifies */
      breaks: z.array(auditLogBreakSchema),
    })
    .nullable(),
  /** why the run could not finish (status error) */
  error: z.string().nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
export const auditVerificationResponseSchema = z.object({ run: auditVerificationSchema.nullable() });
export type AuditVerificationResponse = z.infer<typeof auditVerificationResponseSchema>;

export const auditExportBodySchema = z.object({ format: z.enum(AUDIT_TRAIL_FORMATS) });
export type AuditExportBody = z.infer<typeof auditExportBodySchema>;
/** Columns of the CSV trail, in order (the JSON trail has the same fields per event). */
export const AUDIT_TRAIL_CSV_COLUMNS = [
  'position',
  'recordedAt',
  'streamId',
  'revision',
  'type',
  'eventId',
  'actor',
  'by',
  'origin',
  'ip',
  'userAgent',
  'correlationId',
  'causationId',
  'clientTime',
  'hash',
  'data',
] as const;

const AUDITOR = 'Role auditor only (read-only); every other role answers 403.';
export const auditRoutes = {
  auditFind: {
    method: 'GET',
    path: '/audit/find',
    query: auditFindQuerySchema,
    response: auditFindResponseSchema,
    summary: `Find users, bookings, answers or certificates to trace (ADR 0071). ${AUDITOR}`,
    errors: ['403', 'audit-log-unavailable'],
  },
  auditTimeline: {
    method: 'GET',
    path: '/audit/subjects/:kind/:id/timeline',
    params: auditSubjectParamsSchema,
    query: auditTimelineQuerySchema,
    response: auditTimelineResponseSchema,
    summary: `Every event that concerns a subject, across streams, in global log order, a page at a time, with who, when, from where, correlation and causation, and each stream's hash chain. An unknown subject answers 404. ${AUDITOR}`,
    errors: ['403', '404', 'audit-log-unavailable'],
  },
  auditExport: {
    method: 'POST',
    path: '/audit/subjects/:kind/:id/exports',
    params: auditSubjectParamsSchema,
    body: auditExportBodySchema,
    responseType: 'text/csv',
    summary: `The subject's whole trail as CSV or JSON, streamed; recorded first as AuditTrailExported. ${AUDITOR}`,
    errors: ['403', '404', 'audit-log-unavailable'],
  },
  auditStartVerification: {
    method: 'POST',
    path: '/audit/verifications',
    response: auditVerificationResponseSchema,
    summary: `Start verifying the whole log (every stream chain and every signed checkpoint, as \`audit verify --all\`); one run at a time per installation. ${AUDITOR}`,
    errors: ['403', 'audit-verification-running', 'audit-log-unavailable'],
  },
  auditCurrentVerification: {
    method: 'GET',
    path: '/audit/verifications/current',
    response: auditVerificationResponseSchema,
    summary: `The running or the latest whole-log verification with its progress and result (null before the first). ${AUDITOR}`,
    errors: ['403'],
  },
} as const;
