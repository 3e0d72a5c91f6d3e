/**
 * HTTP contracts of the events context (schemas and the routes table, paths under /api as 001 §7
 * "Events API" names them), shared by the API and the SPA. Who may call each route is in its
 * summary and on its controller (ADR 0060).
 */
import { z } from 'zod';
import { isValidDate, isValidTimeZone, LOCALES } from '@portal/kernel';
import { auditedEventSchema, streamVerificationSchema, wholeLogVerificationSchema } from '@portal/eventstore/event-schemas';
import { storedEventDefinitionSchema } from './shapes.js';
import { addAttendeeSchema, eventImportFormSchema, importAttendeesQuerySchema, importAttendeesResponseSchema, importEventsQuerySchema, importEventsResponseSchema } from './imports.http.js';

export const SCHEDULED_EVENT_STATES = ['draft', 'published', 'canceled', 'finished'] as const;
export type ScheduledEventState = (typeof SCHEDULED_EVENT_STATES)[number];
export const ATTENDEE_STATUSES = ['enrolled', 'waitlisted', 'withdrawn'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];
export const SCAN_ACTIONS = ['check-in', 'check-out'] as const;
export type ScanActionName = (typeof SCAN_ACTIONS)[number];
export const QUESTION_TYPES = ['single', 'multiple', 'open'] as const;

export const eventDateSchema = z.string().refine(isValidDate, 'date');
export const hourSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');
/** an instant with its offset, stored as UTC ISO */
export const instantSchema = z.iso.datetime({ offset: true }).transform((s) => new Date(s).toISOString());
const text = (max: number) => z.string().trim().max(max);
const uuidSchema = z.string().uuid();
const localeSchema = z.enum(LOCALES);

/** Every field of 001 §3 "Scheduled event", with the bounds ADR 0060 sets (the specs show none). */
export const scheduledEventInputSchema = z
  .object({
    title: text(160).min(1),
    type: text(60).min(1),
    description: text(5000).default(''),
    date: eventDateSchema,
    startHour: hourSchema,
    finishHour: hourSchema,
    timezone: z.string().trim().refine(isValidTimeZone, 'timezone').default('America/Sao_Paulo'),
    country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country').default('BR'),
    venue: text(300).default(''),
    author: text(120).default(''),
    department: text(120).default(''),
    cluster: text(120).default(''),
    categories: z.array(text(60).min(1)).max(20).default([]),
    cultures: z.array(text(64).min(1)).max(50).default([]),
    competenceArea: text(120).default(''),
    region: text(120).default(''),
    brand: text(120).default(''),
    bu: text(120).default(''),
    targetAudience: text(300).default(''),
    estimatedAudience: z.number().int().min(0).max(100_000).nullable().default(null),
    instructor: text(160).default(''),
    vacancies: z.number().int().min(1).max(10_000),
  })
  .refine((e) => e.finishHour > e.startHour, { path: ['finishHour'], message: 'after-start' });
export type ScheduledEventInput = z.input<typeof scheduledEventInputSchema>;
export type ScheduledEventBody = z.output<typeof scheduledEventInputSchema>;

export const eventIdParamsSchema = z.object({ id: uuidSchema });
export const quizIdParamsSchema = z.object({ id: uuidSchema });
export const eventQuizParamsSchema = z.object({ id: uuidSchema, quizId: uuidSchema });
export const materialParamsSchema = z.object({ id: uuidSchema });

export const scheduledEventListQuerySchema = z
  .object({
    state: z.enum(SCHEDULED_EVENT_STATES).optional(),
    from: eventDateSchema.optional(),
    to: eventDateSchema.optional(),
    region: text(120).min(1).optional(),
    culture: text(64).min(1).optional(),
    bu: text(120).min(1).optional(),
    q: text(100).min(1).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(20),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'range' });
export type ScheduledEventListQuery = z.input<typeof scheduledEventListQuerySchema>;

const countsSchema = z.object({ enrolled: z.number().int(), waitlisted: z.number().int(), checkedIn: z.number().int(), checkedOut: z.number().int() });
export const materialSchema = z.object({ materialId: z.string(), fileName: z.string(), contentType: z.string(), size: z.number().int(), attachedAt: z.string() });
export const eventQuizSchema = z.object({ quizId: z.string(), title: z.string(), opensAt: z.string().nullable(), closesAt: z.string().nullable(), answers: z.number().int() });

/** The caller's own place in the event (learners): null when they never enrolled. */
export const myAttendanceSchema = z.object({
  status: z.enum(ATTENDEE_STATUSES),
  /** place in the waiting list (1 = next), null unless waitlisted */
  position: z.number().int().nullable(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /** the personal QR ticket's content (enrolled attendees only) */
  ticket: z.string().nullable(),
});
export type MyAttendance = z.infer<typeof myAttendanceSchema>;

/** An event as the list, the detail and every write answer it: the stored definition, its state, instants, counts, materials and quizzes. */
export const scheduledEventSchema = storedEventDefinitionSchema.extend({
  eventId: z.string(),
  state: z.enum(SCHEDULED_EVENT_STATES),
  startsAt: z.string(),
  endsAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  finishedAt: z.string().nullable(),
  counts: countsSchema,
  materials: z.array(materialSchema),
  quizzes: z.array(eventQuizSchema),
  /** present on answers to a signed-in learner (my events, the published view) */
  me: myAttendanceSchema.nullable().optional(),
});
export type ScheduledEvent = z.infer<typeof scheduledEventSchema>;
export const scheduledEventListSchema = z.object({ total: z.number().int(), items: z.array(scheduledEventSchema) });
export type ScheduledEventList = z.infer<typeof scheduledEventListSchema>;

export const cancelEventSchema = z.object({ reason: text(500).min(1).optional() });
export type CancelEventBody = z.infer<typeof cancelEventSchema>;

/** A learner enrols themself; `lang` is the language of their mails (their session's by default: pt-BR). */
export const enrolSchema = z.object({ lang: localeSchema.optional() });
export type EnrolBody = z.infer<typeof enrolSchema>;
/** A learner withdraws themself; tc_admin names whom to withdraw. */
export const withdrawSchema = z.object({ userId: uuidSchema.optional() });
export type WithdrawBody = z.infer<typeof withdrawSchema>;
export const enrolmentSchema = z.object({ eventId: z.string(), userId: z.string(), attendance: myAttendanceSchema });
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const myEventsQuerySchema = z.object({
  /** upcoming (default): not finished yet; past: the rest */
  when: z.enum(['upcoming', 'past', 'all']).default('upcoming'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type MyEventsQuery = z.input<typeof myEventsQuerySchema>;

export const attendeeRowSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  lang: z.string(),
  status: z.enum(ATTENDEE_STATUSES),
  position: z.number().int().nullable(),
  enrolledAt: z.string().nullable(),
  waitlistedAt: z.string().nullable(),
  withdrewAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  minutesPresent: z.number().int().nullable(),
  quizScore: z.number().nullable(),
  quizMaxScore: z.number().nullable(),
});
export type AttendeeRow = z.infer<typeof attendeeRowSchema>;
export const attendeeListSchema = z.object({ eventId: z.string(), counts: countsSchema, vacancies: z.number().int(), items: z.array(attendeeRowSchema) });
export type AttendeeList = z.infer<typeof attendeeListSchema>;

export const codeQuerySchema = z.object({ action: z.enum(SCAN_ACTIONS).default('check-in') });
/** The staff screen's rotating code: show `code` as a QR code; it changes every 30 s. */
export const rotatingCodeSchema = z.object({
  eventId: z.string(),
  action: z.enum(SCAN_ACTIONS),
  code: z.string(),
  /** what the QR code carries: the portal's scan page with the code */
  url: z.string(),
  validFrom: z.string(),
  /** fetch the next code at this instant */
  refreshAt: z.string(),
  checkedIn: z.number().int(),
  checkedOut: z.number().int(),
});
export type RotatingCode = z.infer<typeof rotatingCodeSchema>;

/** An attendee signed in on a phone scans the staff screen. */
export const scanCodeSchema = z.object({ code: z.string().trim().min(1).max(300) });
export type ScanCodeBody = z.infer<typeof scanCodeSchema>;
export const scanResultSchema = z.object({
  eventId: z.string(),
  userId: z.string(),
  action: z.enum(SCAN_ACTIONS),
  at: z.string(),
  /** false: this person was already checked in (or out): the scan changed nothing */
  changed: z.boolean(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** Staff scan personal tickets, possibly offline: each scan keeps its own time; resent batches change nothing. */
export const ticketScanSchema = z.object({
  ticket: z.string().trim().min(1).max(300),
  action: z.enum(SCAN_ACTIONS),
  scannedAt: instantSchema,
  deviceId: text(100).min(1).optional(),
});
export const ticketScansSchema = z.object({ scans: z.array(ticketScanSchema).min(1).max(500) });
export type TicketScansBody = z.input<typeof ticketScansSchema>;
export const ticketScanResultSchema = z.object({
  results: z.array(
    z.union([
      scanResultSchema.extend({ ok: z.literal(true) }),
      z.object({ ok: z.literal(false), index: z.number().int(), code: z.string(), message: z.string() }),
    ]),
  ),
});
export type TicketScanResults = z.infer<typeof ticketScanResultSchema>;

const alternativeInputSchema = z.object({
  alternativeId: uuidSchema.optional(),
  description: text(1000).min(1),
  prefix: text(10).default(''),
  correct: z.boolean().default(false),
  score: z.number().min(0).max(1000).default(0),
});
const questionInputSchema = z
  .object({
    questionId: uuidSchema.optional(),
    type: z.enum(QUESTION_TYPES),
    language: localeSchema,
    description: text(2000).min(1),
    score: z.number().min(0).max(1000).default(0),
    alternatives: z.array(alternativeInputSchema).max(20).default([]),
  })
  .refine((q) => (q.type === 'open' ? q.alternatives.length === 0 : q.alternatives.length >= 2), { path: ['alternatives'], message: 'alternatives' })
  .refine((q) => q.type === 'open' || q.alternatives.some((a) => a.correct), { path: ['alternatives'], message: 'correct-required' })
  .refine((q) => q.type !== 'single' || q.alternatives.filter((a) => a.correct).length === 1, { path: ['alternatives'], message: 'one-correct' });
/** 001 §3 "Quiz": title, description, questions (each open or with alternatives). */
export const quizInputSchema = z.object({
  title: text(160).min(1),
  description: text(2000).default(''),
  questions: z.array(questionInputSchema).min(1).max(100),
});
export type QuizInput = z.input<typeof quizInputSchema>;
export type QuizBody = z.output<typeof quizInputSchema>;

const quizAlternativeSchema = z.object({ alternativeId: z.string(), description: z.string(), prefix: z.string(), correct: z.boolean(), score: z.number() });
const quizQuestionSchema = z.object({
  questionId: z.string(),
  type: z.enum(QUESTION_TYPES),
  language: localeSchema,
  description: z.string(),
  score: z.number(),
  alternatives: z.array(quizAlternativeSchema),
});
export const quizSchema = z.object({
  quizId: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(quizQuestionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quiz = z.infer<typeof quizSchema>;
export const quizListSchema = z.object({ items: z.array(quizSchema) });
export type QuizList = z.infer<typeof quizListSchema>;

export const attachQuizSchema = z.object({ quizId: uuidSchema, eventId: uuidSchema });
export type AttachQuizBody = z.infer<typeof attachQuizSchema>;
/** `new-quiz-date`: opens the quiz of an event for a time window. */
export const quizDateSchema = z
  .object({ quizId: uuidSchema, eventId: uuidSchema, opensAt: instantSchema, closesAt: instantSchema })
  .refine((w) => w.closesAt > w.opensAt, { path: ['closesAt'], message: 'after-opens' });
export type QuizDateBody = z.input<typeof quizDateSchema>;

/** The quiz as an attendee takes it: the questions of their language, without what is correct. */
export const quizToTakeSchema = z.object({
  eventId: z.string(),
  quizId: z.string(),
  title: z.string(),
  description: z.string(),
  lang: localeSchema,
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  answered: z.boolean(),
  questions: z.array(quizQuestionSchema.pick({ questionId: true, type: true, description: true }).extend({ alternatives: z.array(quizAlternativeSchema.omit({ correct: true, score: true })) })),
});
export type QuizToTake = z.infer<typeof quizToTakeSchema>;
export const quizLangQuerySchema = z.object({ lang: localeSchema.default('pt-BR') });
export const answerQuizSchema = z.object({
  lang: localeSchema.default('pt-BR'),
  answers: z
    .array(z.object({ questionId: z.string().min(1).max(64), alternativeIds: z.array(z.string().min(1).max(64)).max(20).optional(), text: text(5000).optional() }))
    .min(1)
    .max(100),
});
export type AnswerQuizBody = z.input<typeof answerQuizSchema>;
export const quizResultSchema = z.object({
  eventId: z.string(),
  quizId: z.string(),
  score: z.number(),
  maxScore: z.number(),
  pendingOpen: z.number().int(),
  answeredAt: z.string(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

export const scoreAnswerParamsSchema = z.object({ id: uuidSchema, quizId: uuidSchema, userId: uuidSchema });
/** Staff score one open answer of an attendee (0 to the question's score; a new score replaces the old). */
export const scoreAnswerSchema = z.object({ questionId: z.string().min(1).max(64), score: z.number().min(0).max(1000) });
export type ScoreAnswerBody = z.infer<typeof scoreAnswerSchema>;
export const scoredAnswerSchema = z.object({ eventId: z.string(), quizId: z.string(), userId: z.string(), questionId: z.string(), score: z.number(), maxScore: z.number() });
export type ScoredAnswer = z.infer<typeof scoredAnswerSchema>;

export const quizReportQuerySchema = z.object({ eventId: uuidSchema.optional() });
/** Results per question of a quiz (all its events, or one). */
export const quizReportSchema = z.object({
  quizId: z.string(),
  title: z.string(),
  eventId: z.string().nullable(),
  answers: z.number().int(),
  averageScore: z.number().nullable(),
  maxScore: z.number(),
  questions: z.array(
    z.object({
      questionId: z.string(),
      type: z.enum(QUESTION_TYPES),
      language: localeSchema,
      description: z.string(),
      answers: z.number().int(),
      correct: z.number().int(),
      pending: z.number().int(),
      averageScore: z.number().nullable(),
      maxScore: z.number(),
      alternatives: z.array(z.object({ alternativeId: z.string(), prefix: z.string(), description: z.string(), correct: z.boolean(), chosen: z.number().int() })),
    }),
  ),
});
export type QuizReport = z.infer<typeof quizReportSchema>;

/** Materials (ADR 0060): PDF, images and office documents, checked by content, up to 20 MB each, at most 10 per upload. */
export const MATERIAL_MAX_BYTES = 20 * 1024 * 1024;
export const MATERIAL_MAX_FILES = 10;
export const MATERIAL_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  /** .doc, .xls, .ppt (the older binary office formats) */
  'application/x-cfb',
] as const;
/** The upload's multipart body: new files (those without an id, 001 §5) in the field `files`, repeated. */
export const materialsUploadSchema = z.object({ files: z.array(z.string().describe('binary')).min(1).max(MATERIAL_MAX_FILES) });

/** The report as JSON, or its attendee rows as CSV or XLSX (ADR 0062: the event and the filters in the first rows, headers in `lang`). */
export const EVENT_REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export const eventReportQuerySchema = z.object({ format: z.enum(EVENT_REPORT_FORMATS).default('json'), lang: localeSchema.default('pt-BR') });
/** The event report: the event with its counts and each attendee's enrolment, presence and quiz score. */
export const eventReportSchema = z.object({ event: scheduledEventSchema, attendees: z.array(attendeeRowSchema) });
export type EventReport = z.infer<typeof eventReportSchema>;
/** Header of the event report's CSV, in column order. */
export const EVENT_REPORT_CSV_COLUMNS = [
  'userId',
  'name',
  'email',
  'status',
  'position',
  'enrolledAt',
  'waitlistedAt',
  'withdrewAt',
  'checkedInAt',
  'checkedOutAt',
  'minutesPresent',
  'quizScore',
  'quizMaxScore',
] as const satisfies readonly (keyof AttendeeRow)[];

/** The open answers of an event's quiz, for staff to read and score (ADR 0062). */
export const openAnswersSchema = z.object({
  eventId: z.string(),
  quizId: z.string(),
  items: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      questionId: z.string(),
      /** the question as the attendee read it */
      question: z.string(),
      language: localeSchema,
      text: z.string(),
      /** null until staff score it */
      score: z.number().nullable(),
      maxScore: z.number(),
      answeredAt: z.string(),
    }),
  ),
});
export type OpenAnswers = z.infer<typeof openAnswersSchema>;

/** The auditor's view of an event's stream: every event as stored, with its metadata, and the hash chain checked. */
export const eventAuditSchema = streamVerificationSchema.extend({
  eventId: z.string(),
  /** when the whole log was last verified and with what result (ADR 0083) */
  lastWholeLog: wholeLogVerificationSchema,
  events: z.array(auditedEventSchema),
});
export type EventAudit = z.infer<typeof eventAuditSchema>;

const staff = 'tc_admin (Brazil) and tc_manager';
const admin = 'tc_admin of Brazil';
const EDIT_ERRORS = ['404', 'event-invalid-state'] as const;

/** HTTP routes of this context (paths under /api); every one answers 404 while the scheduledEvents toggle is off. */
export const eventsRoutes = {
  list: { method: 'GET', path: '/scheduledEvents/all', query: scheduledEventListQuerySchema, response: scheduledEventListSchema, summary: `Scheduled events, filtered (state, date range, region, culture, BU) and paged; ${staff}` },
  mine: { method: 'GET', path: '/scheduledEvents/mine', query: myEventsQuerySchema, response: scheduledEventListSchema, summary: 'My events: published events of my country (and of my allowed crops when the event names cultures), with my enrolment; signed-in learners' },
  get: { method: 'GET', path: '/scheduledEvents/:id', params: eventIdParamsSchema, response: scheduledEventSchema, summary: `One event; ${staff} see every event, a learner a published one meant for them (with their enrolment and ticket)`, errors: ['404'] },
  create: { method: 'POST', path: '/scheduledEvents', body: scheduledEventInputSchema, response: scheduledEventSchema, summary: `Create a draft event; ${admin}` },
  update: { method: 'PUT', path: '/scheduledEvents/:id', params: eventIdParamsSchema, body: scheduledEventInputSchema, response: scheduledEventSchema, summary: `Change an event (draft or published; attendees of a published one are told); ${admin}`, errors: EDIT_ERRORS },
  publish: { method: 'POST', path: '/scheduledEvents/:id/publish', params: eventIdParamsSchema, response: scheduledEventSchema, summary: `Publish a draft before its start; ${admin}`, errors: EDIT_ERRORS },
  cancel: { method: 'POST', path: '/scheduledEvents/:id/cancel', params: eventIdParamsSchema, body: cancelEventSchema, response: scheduledEventSchema, summary: `Cancel a draft or published event (attendees are told); ${admin}`, errors: EDIT_ERRORS },
  finish: { method: 'POST', path: '/scheduledEvents/:id/finish', params: eventIdParamsSchema, response: scheduledEventSchema, summary: `Finish a published event after its finish hour; ${admin}`, errors: EDIT_ERRORS },
  enrol: { method: 'POST', path: '/scheduledEvents/:id/enrol', params: eventIdParamsSchema, body: enrolSchema, response: enrolmentSchema, summary: 'Enrol myself: a seat while vacancies last, else the waiting list; signed-in learners', errors: ['404', 'event-enrolment-closed'] },
  withdraw: { method: 'POST', path: '/scheduledEvents/:id/withdraw', params: eventIdParamsSchema, body: withdrawSchema, response: enrolmentSchema, summary: `Withdraw myself (or, for ${admin}, the named attendee); the first on the waiting list moves up`, errors: ['404', 'event-enrolment-closed'] },
  attendees: { method: 'GET', path: '/scheduledEvents/:id/attendees', params: eventIdParamsSchema, response: attendeeListSchema, summary: `Attendees with enrolment, presence and quiz score; ${staff}`, errors: ['404'] },
  code: { method: 'GET', path: '/scheduledEvents/:id/code', params: eventIdParamsSchema, query: codeQuerySchema, response: rotatingCodeSchema, summary: `The staff screen's rotating QR code (a new one every 30 s) and the live counts; ${staff}`, errors: ['404', 'event-invalid-state', 'qr-code-generation-error'] },
  scan: { method: 'POST', path: '/scheduledEvents/scan', body: scanCodeSchema, response: scanResultSchema, summary: "Check myself in or out with the staff screen's code; signed-in attendees", errors: ['404', 'event-code-invalid', 'event-code-expired', 'attendee-not-enrolled', 'attendee-not-checked-in', 'check-in-closed', 'check-out-closed', 'event-invalid-state'] },
  scanTickets: { method: 'POST', path: '/scheduledEvents/:id/tickets/scan', idempotent: true, params: eventIdParamsSchema, body: ticketScansSchema, response: ticketScanResultSchema, summary: `Personal tickets scanned by staff, one or a batch sent after working offline (each result on its own; resending changes nothing); ${staff}`, errors: ['404'] },
  uploadMaterials: { method: 'POST', path: '/scheduledEvents/materials/:id', params: eventIdParamsSchema, form: materialsUploadSchema, response: scheduledEventSchema, summary: `Attach files to the event :id (multipart field "files", repeated; PDF, images, office documents up to 20 MB each); ${admin}`, errors: EDIT_ERRORS },
  removeMaterial: { method: 'DELETE', path: '/scheduledEvents/materials/:id', params: materialParamsSchema, response: scheduledEventSchema, summary: `Remove the material :id from its event; ${admin}`, errors: EDIT_ERRORS },
  downloadMaterial: { method: 'GET', path: '/scheduledEvents/materials/:id', params: materialParamsSchema, summary: "Download the material :id; staff, and the event's attendees", responseType: 'application/octet-stream', errors: ['404'] },
  createQuiz: { method: 'POST', path: '/quiz', body: quizInputSchema, response: quizSchema, summary: `Create a quiz; ${admin}` },
  quizzes: { method: 'GET', path: '/quiz', response: quizListSchema, summary: `The quiz list; ${staff}` },
  quiz: { method: 'GET', path: '/quiz/:id', params: quizIdParamsSchema, response: quizSchema, summary: `One quiz with its answers' scores; ${staff}`, errors: ['404'] },
  attachQuiz: { method: 'POST', path: '/quiz/event', body: attachQuizSchema, response: scheduledEventSchema, summary: `Attach a quiz to an event; ${admin}`, errors: EDIT_ERRORS },
  updateQuiz: { method: 'PUT', path: '/quiz/:id', params: quizIdParamsSchema, body: quizInputSchema, response: quizSchema, summary: `Change a quiz; ${admin}`, errors: ['404'] },
  quizDate: { method: 'POST', path: '/quiz/new-quiz-date', body: quizDateSchema, response: scheduledEventSchema, summary: `Open an event's quiz for a time window; ${admin}`, errors: ['404', 'event-invalid-state', 'quiz-not-attached'] },
  deleteQuiz: { method: 'DELETE', path: '/quiz/:id', params: quizIdParamsSchema, summary: `Delete a quiz (no longer attached, opened or answered; answers given stay in the reports); ${admin}`, errors: ['404'] },
  takeQuiz: { method: 'GET', path: '/scheduledEvents/:id/quiz/:quizId', params: eventQuizParamsSchema, query: quizLangQuerySchema, response: quizToTakeSchema, summary: 'The quiz to answer on my phone (questions of my language, nothing that tells what is right); attendees', errors: ['404', 'quiz-not-attached'] },
  answerQuiz: { method: 'POST', path: '/scheduledEvents/:id/quiz/:quizId/answer', params: eventQuizParamsSchema, body: answerQuizSchema, response: quizResultSchema, summary: 'Answer the quiz once, inside its window, after checking in; attendees', errors: ['404', 'quiz-not-attached', 'quiz-closed', 'quiz-already-answered', 'quiz-invalid-answer', 'attendee-not-checked-in'] },
  scoreAnswer: { method: 'POST', path: '/scheduledEvents/:id/quiz/:quizId/answers/:userId/score', params: scoreAnswerParamsSchema, body: scoreAnswerSchema, response: scoredAnswerSchema, summary: `Score an attendee's open answer (0 to the question's score; again to change it); ${staff}`, errors: ['404'] },
  audit: { method: 'GET', path: '/scheduledEvents/:id/audit', params: eventIdParamsSchema, response: eventAuditSchema, summary: "Every event of the event's stream (enrolments, presence, quiz answers) with who, when and from where, and the hash chain checked; auditor", errors: ['404'] },
  quizReport: { method: 'GET', path: '/reports/quizzes/:id', params: quizIdParamsSchema, query: quizReportQuerySchema, response: quizReportSchema, summary: `A quiz's results per question (of every event, or ?eventId); ${staff}`, errors: ['404'] },
  eventReport: { method: 'GET', path: '/reports/event/:id/status', params: eventIdParamsSchema, query: eventReportQuerySchema, response: eventReportSchema, summary: `The event report: counts and every attendee's enrolment, check-in, check-out, minutes present and quiz score (?format=csv or xlsx, headers in ?lang); ${staff}`, errors: ['404'] },
  importEvents: { method: 'POST', path: '/scheduledEvents/import', query: importEventsQuerySchema, form: eventImportFormSchema, response: importEventsResponseSchema, summary: `Import events from a CSV or XLSX file (multipart field "file"): with dryRun=true a preview of every row and its errors, else the valid rows are written and the same report answered. Idempotent by the external key (ADR 0062); ${admin}`, errors: ['event-import-too-large'] },
  importAttendees: { method: 'POST', path: '/scheduledEvents/import-users', query: importAttendeesQuerySchema, form: eventImportFormSchema, response: importAttendeesResponseSchema, summary: `Enrol users into events from a CSV or XLSX file (event, e-mail, language): a seat while vacancies last, else the waiting list; dryRun=true previews. Idempotent (ADR 0062); ${admin}`, errors: ['event-import-too-large'] },
  addAttendee: { method: 'POST', path: '/scheduledEvents/:id/attendees', params: eventIdParamsSchema, body: addAttendeeSchema, response: enrolmentSchema, summary: `Enrol the person with this e-mail (a seat while vacancies last, else the waiting list; already on the list: no change); ${admin}`, errors: ['404', 'attendee-email-unknown', 'event-enrolment-closed'] },
  openAnswers: { method: 'GET', path: '/scheduledEvents/:id/quiz/:quizId/answers', params: eventQuizParamsSchema, response: openAnswersSchema, summary: `The open answers of an event's quiz, with their text and score, for staff to score; ${staff}`, errors: ['404'] },
} as const;
