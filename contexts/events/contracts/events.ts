/**
 * Stored events of the events context (scheduled events, their attendees and quizzes), defined
 * once with zod (ADR 0009 §4): type names are explicit strings, the TypeScript types are inferred
 * from the schemas, a changed shape gets a new schema version and an upcaster here. Every event
 * carries `by`: the acting user id, or `system:<reason>` (ADR 0060).
 *
 * Streams (ADR 0060):
 * - events.event-<eventId>  the event's life (ScheduledEvent*, Material*), its attendance
 *   (Attendee*: the vacancies' consistency stream, like booking's slot stream) and its quizzes
 *   (QuizAttached, QuizScheduled, QuizAnswered): one decider sees vacancies, the state and the
 *   windows together, so a cancel and an enrolment, or two enrolments, can never both win.
 * - events.quiz-<quizId>    the quiz's definition: QuizCreated, QuizUpdated, QuizDeleted.
 */
import { z } from 'zod';
import { LOCALES } from '@portal/kernel';
// the browser-safe entry: the SPA imports these contracts too
import { defineEvents, mergeEvents, type EventOf } from '@portal/eventstore/event-schemas';
import { storedEventDefinitionSchema } from './shapes.js';

export { SCHEDULED_EVENT_FIELDS, storedEventDefinitionSchema, type ScheduledEventDefinition, type ScheduledEventField } from './shapes.js';

const locale = z.enum(LOCALES);

/** the day and hours as instants (UTC ISO), computed from date, hours and time zone when written */
const instants = { startsAt: z.string(), endsAt: z.string() };

const scheduledEventCreated = storedEventDefinitionSchema.extend({ eventId: z.string(), ...instants, createdAt: z.string(), by: z.string() });
/** The whole definition after the change; `changed` names what differs; attendees are told when it was published. */
const scheduledEventUpdated = storedEventDefinitionSchema.extend({
  eventId: z.string(),
  ...instants,
  changed: z.array(storedEventDefinitionSchema.keyof()),
  updatedAt: z.string(),
  by: z.string(),
});
const scheduledEventPublished = z.object({ eventId: z.string(), publishedAt: z.string(), by: z.string() });
const scheduledEventCanceled = z.object({
  eventId: z.string(),
  previousState: z.enum(['draft', 'published']),
  reason: z.string().nullable(),
  canceledAt: z.string(),
  by: z.string(),
});
const scheduledEventFinished = z.object({ eventId: z.string(), finishedAt: z.string(), by: z.string() });
/** The day-before reminder went out to the enrolled attendees (once per event; the reminder process). */
const scheduledEventReminded = z.object({ eventId: z.string(), attendees: z.number(), remindedAt: z.string(), by: z.string() });

/** A file beside the database (ADR 0060): the log keeps what it is, never its bytes. */
const materialAttached = z.object({
  eventId: z.string(),
  materialId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  attachedAt: z.string(),
  by: z.string(),
});
const materialRemoved = z.object({ eventId: z.string(), materialId: z.string(), removedAt: z.string(), by: z.string() });

/** Who the attendee is, as the mails need it (a learner enrols themself: their session's e-mail). */
const attendeeSchema = z.object({ userId: z.string(), email: z.string(), lang: locale });

const attendeeEnrolled = attendeeSchema.extend({
  eventId: z.string(),
  /** moved up from the waiting list (a seat freed, or vacancies were raised) */
  fromWaitlist: z.boolean(),
  /** seats taken after this one, and the vacancies it was decided against */
  seatsTaken: z.number(),
  vacancies: z.number(),
  enrolledAt: z.string(),
  by: z.string(),
});
const attendeeWaitlisted = attendeeSchema.extend({
  eventId: z.string(),
  /** 1-based place in the waiting list when joining */
  position: z.number(),
  waitlistedAt: z.string(),
  by: z.string(),
});
const attendeeWithdrew = z.object({
  eventId: z.string(),
  userId: z.string(),
  previousStatus: z.enum(['enrolled', 'waitlisted']),
  withdrewAt: z.string(),
  by: z.string(),
});

/**
 * How a scan reached us: the attendee's phone read the staff screen's rotating code (its 30 s
 * window), or staff read the attendee's personal ticket (possibly offline, sent later).
 */
const scanVia = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('staff-code'), window: z.number() }),
  z.object({ kind: z.literal('ticket'), deviceId: z.string().nullable() }),
]);
export type ScanVia = z.infer<typeof scanVia>;

/** `at`: when the scan happened (an offline scan's own time); `recordedAt`: when the server took it. */
const attendeeCheckedIn = z.object({ eventId: z.string(), userId: z.string(), at: z.string(), recordedAt: z.string(), via: scanVia, by: z.string() });
const attendeeCheckedOut = attendeeCheckedIn.extend({ minutesPresent: z.number() });

const alternativeSchema = z.object({
  alternativeId: z.string(),
  description: z.string(),
  prefix: z.string(),
  correct: z.boolean(),
  score: z.number(),
});
/** 001 §3: a question has a type, a language, and is open or has alternatives. */
const questionSchema = z.object({
  questionId: z.string(),
  type: z.enum(['single', 'multiple', 'open']),
  language: locale,
  description: z.string(),
  /** open questions: what staff may give when scoring the answer; ignored for the others */
  score: z.number(),
  alternatives: z.array(alternativeSchema),
});
export type QuizQuestion = z.infer<typeof questionSchema>;
const quizDefinitionSchema = z.object({ title: z.string(), description: z.string(), questions: z.array(questionSchema) });
export type QuizDefinition = z.infer<typeof quizDefinitionSchema>;

const quizCreated = quizDefinitionSchema.extend({ quizId: z.string(), createdAt: z.string(), by: z.string() });
const quizUpdated = quizDefinitionSchema.extend({ quizId: z.string(), updatedAt: z.string(), by: z.string() });
const quizDeleted = z.object({ quizId: z.string(), deletedAt: z.string(), by: z.string() });

const quizAttached = z.object({ eventId: z.string(), quizId: z.string(), title: z.string(), attachedAt: z.string(), by: z.string() });
/** `new-quiz-date`: the time window in which attendees who checked in answer (replaces an earlier one). */
const quizScheduled = z.object({ eventId: z.string(), quizId: z.string(), opensAt: z.string(), closesAt: z.string(), scheduledAt: z.string(), by: z.string() });

/** One question's answer as decided on the server: `score` null for an open answer until staff score it. */
const answeredQuestion = z.object({
  questionId: z.string(),
  alternativeIds: z.array(z.string()),
  text: z.string().nullable(),
  correct: z.boolean().nullable(),
  score: z.number().nullable(),
  maxScore: z.number(),
});
export type AnsweredQuestion = z.infer<typeof answeredQuestion>;
const quizAnswered = z.object({
  eventId: z.string(),
  quizId: z.string(),
  userId: z.string(),
  /** the questions' language answered (the quiz may hold the same questions in several) */
  lang: locale,
  answers: z.array(answeredQuestion),
  /** automatic part (alternatives); open answers wait for staff */
  score: z.number(),
  maxScore: z.number(),
  pendingOpen: z.number(),
  answeredAt: z.string(),
  by: z.string(),
});

/** Staff score an open answer (again: the new score replaces the old one). */
const quizAnswerScored = z.object({
  eventId: z.string(),
  quizId: z.string(),
  userId: z.string(),
  questionId: z.string(),
  score: z.number(),
  maxScore: z.number(),
  scoredAt: z.string(),
  by: z.string(),
});

export const scheduledEventEvents = defineEvents({
  ScheduledEventCreated: scheduledEventCreated,
  ScheduledEventUpdated: scheduledEventUpdated,
  ScheduledEventPublished: scheduledEventPublished,
  ScheduledEventCanceled: scheduledEventCanceled,
  ScheduledEventFinished: scheduledEventFinished,
  ScheduledEventReminded: scheduledEventReminded,
  MaterialAttached: materialAttached,
  MaterialRemoved: materialRemoved,
  AttendeeEnrolled: attendeeEnrolled,
  AttendeeWaitlisted: attendeeWaitlisted,
  AttendeeWithdrew: attendeeWithdrew,
  AttendeeCheckedIn: attendeeCheckedIn,
  AttendeeCheckedOut: attendeeCheckedOut,
  QuizAttached: quizAttached,
  QuizScheduled: quizScheduled,
  QuizAnswered: quizAnswered,
  QuizAnswerScored: quizAnswerScored,
});
export const quizEvents = defineEvents({ QuizCreated: quizCreated, QuizUpdated: quizUpdated, QuizDeleted: quizDeleted });
/** Every stored event of the events context (projections, the audit). */
export const eventsContextEvents = mergeEvents(scheduledEventEvents, quizEvents);

export type ScheduledEventEvent = EventOf<typeof scheduledEventEvents.schemas>;
export type QuizEvent = EventOf<typeof quizEvents.schemas>;
export type EventsContextEvent = ScheduledEventEvent | QuizEvent;
type Of<E extends { type: string }, T extends E['type']> = Extract<E, { type: T }>;
export type ScheduledEventCreated = Of<ScheduledEventEvent, 'ScheduledEventCreated'>;
export type ScheduledEventUpdated = Of<ScheduledEventEvent, 'ScheduledEventUpdated'>;
export type AttendeeEnrolled = Of<ScheduledEventEvent, 'AttendeeEnrolled'>;
export type AttendeeWaitlisted = Of<ScheduledEventEvent, 'AttendeeWaitlisted'>;
export type AttendeeCheckedIn = Of<ScheduledEventEvent, 'AttendeeCheckedIn'>;
export type AttendeeCheckedOut = Of<ScheduledEventEvent, 'AttendeeCheckedOut'>;
export type QuizAnswered = Of<ScheduledEventEvent, 'QuizAnswered'>;

export const scheduledEventStream = (eventId: string) => `events.event-${eventId}`;
export const quizStream = (quizId: string) => `events.quiz-${quizId}`;
export const SCHEDULED_EVENT_STREAM_PREFIX = 'events.event-';
