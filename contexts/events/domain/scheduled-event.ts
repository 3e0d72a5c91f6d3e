import '../contracts/errors.js'; // registers the codes this decider answers with in the kernel's catalogue
import { AppError, type Locale } from '@portal/kernel';
import {
  SCHEDULED_EVENT_FIELDS,
  scheduledEventEvents,
  type QuizDefinition,
  type ScanVia,
  type ScheduledEventDefinition,
  type ScheduledEventEvent,
  type ScheduledEventField,
} from '../contracts/events.js';
import { scoreAnswers, type GivenAnswer } from './quiz.js';
import { canSee, checkInWindow, checkOutWindow, isCodeFresh, isWithin, minutesBetween, type Audience, type TimeWindow } from './rules.js';

/**
 * One scheduled event's stream (ADR 0060): its life (draft -> published -> finished, canceled from
 * draft or published), its vacancies and waiting list, presence and quiz answers. Vacancies are a
 * hard limit the way booking's slot seats are (ADR 0010): the stream is appended at the revision
 * every decision was made on (libs/platform capacityWriter), so no two enrolments take the last seat.
 */
export type ScheduledEventStatus = 'none' | 'draft' | 'published' | 'canceled' | 'finished';

export interface AttendeeState {
  userId: string;
  email: string;
  lang: Locale;
  status: 'enrolled' | 'waitlisted' | 'withdrawn';
  checkedInAt: string | null;
  checkedOutAt: string | null;
}

export interface EventQuizState {
  quizId: string;
  title: string;
  window: TimeWindow | null;
  /** attendees who answered (once each) */
  answeredBy: ReadonlySet<string>;
  /** `<userId>|<questionId>` of each open answer -> the most staff may give */
  openAnswers: ReadonlyMap<string, number>;
}

export interface ScheduledEventState {
  status: ScheduledEventStatus;
  eventId: string;
  definition: ScheduledEventDefinition | null;
  startsAt: string;
  endsAt: string;
  materials: ReadonlySet<string>;
  /** the day-before reminder went out */
  reminded: boolean;
  attendees: ReadonlyMap<string, AttendeeState>;
  enrolled: number;
  /** user ids in arrival order */
  waitlist: readonly string[];
  quizzes: ReadonlyMap<string, EventQuizState>;
}

export const initialScheduledEventState = (): ScheduledEventState => ({
  status: 'none',
  eventId: '',
  definition: null,
  startsAt: '',
  endsAt: '',
  materials: new Set(),
  reminded: false,
  attendees: new Map(),
  enrolled: 0,
  waitlist: [],
  quizzes: new Map(),
});

interface Acting {
  now: string;
  /** acting user id or system:<reason> */
  by: string;
}
export interface Attendee {
  userId: string;
  email: string;
  lang: Locale;
}
export type ScanAction = 'check-in' | 'check-out';

export type ScheduledEventCommand =
  | { type: 'CreateScheduledEvent'; data: Acting & { eventId: string; definition: ScheduledEventDefinition; startsAt: string; endsAt: string } }
  | { type: 'UpdateScheduledEvent'; data: Acting & { definition: ScheduledEventDefinition; startsAt: string; endsAt: string } }
  | { type: 'PublishScheduledEvent'; data: Acting }
  /**
   * One row of the events import (ADR 0062, 0087): create the event or update its definition
   * (when a field changed), then publish it when asked and it is not published yet; one decision,
   * appended at once. A refusal of the publish step says so (`details[0].path` is `publish`).
   */
  | { type: 'ImportScheduledEvent'; data: Acting & { eventId: string; definition: ScheduledEventDefinition; startsAt: string; endsAt: string; publish: boolean } }
  | { type: 'CancelScheduledEvent'; data: Acting & { reason: string | null } }
  | { type: 'FinishScheduledEvent'; data: Acting }
  /** the reminder process: once, for a published event within a day of its start */
  | { type: 'RemindAttendees'; data: Acting }
  | { type: 'AttachMaterial'; data: Acting & { materialId: string; fileName: string; contentType: string; size: number; sha256: string } }
  | { type: 'RemoveMaterial'; data: Acting & { materialId: string } }
  /** `audience`: the learner enrolling themself (the event must be visible to them); null when staff enrol someone */
  | { type: 'Enrol'; data: Acting & { attendee: Attendee; audience: Audience | null } }
  | { type: 'Withdraw'; data: Acting & { userId: string } }
  /** `at`: when the scan happened (a ticket scanned offline carries its own time; never later than now) */
  | { type: 'Scan'; data: Acting & { userId: string; action: ScanAction; at: string; via: ScanVia } }
  | { type: 'AttachQuiz'; data: Acting & { quizId: string; title: string } }
  | { type: 'ScheduleQuiz'; data: Acting & { quizId: string; opensAt: string; closesAt: string } }
  | { type: 'AnswerQuiz'; data: Acting & { quizId: string; quiz: QuizDefinition; userId: string; lang: Locale; answers: GivenAnswer[] } }
  /** staff score an attendee's open answer, between 0 and the question's score */
  | { type: 'ScoreOpenAnswer'; data: Acting & { quizId: string; userId: string; questionId: string; score: number } };

/** The reminder goes out the day before: within 24 hours of the start. */
export const REMIND_BEFORE_MS = 24 * 60 * 60_000;

/** Who moves up from the waiting list when a seat frees. */
const WAITLIST_ACTOR = 'system:waitlist';

const invalidState = (state: ScheduledEventState): never => {
  throw new AppError('event-invalid-state', undefined, undefined, { state: state.status });
};
const requireExisting = (state: ScheduledEventState) => {
  if (state.status === 'none') throw new AppError('404');
};
const requireEditable = (state: ScheduledEventState) => {
  requireExisting(state);
  if (state.status !== 'draft' && state.status !== 'published') invalidState(state);
};

export const changedFields = (before: ScheduledEventDefinition, after: ScheduledEventDefinition): ScheduledEventField[] =>
  SCHEDULED_EVENT_FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));

/** Seats free now: the first waitlisted move up, in order, while enrolment is open. */
function promotions(state: ScheduledEventState, vacancies: number, now: string): ScheduledEventEvent[] {
  if (state.status !== 'published' || now >= state.startsAt) return [];
  const free = Math.max(0, vacancies - state.enrolled);
  return state.waitlist.slice(0, free).map((userId, i) => {
    const a = state.attendees.get(userId)!;
    return {
      type: 'AttendeeEnrolled' as const,
      data: { eventId: state.eventId, userId, email: a.email, lang: a.lang, fromWaitlist: true, seatsTaken: state.enrolled + i + 1, vacancies, enrolledAt: now, by: WAITLIST_ACTOR },
    };
  });
}

/** The import's steps, each decided by its own command's rule on the state the step before left. */
function decideImport(data: Extract<ScheduledEventCommand, { type: 'ImportScheduledEvent' }>['data'], state: ScheduledEventState): ScheduledEventEvent[] {
  const { eventId, definition, startsAt, endsAt, publish, now, by } = data;
  const steps: ScheduledEventCommand[] = [];
  if (state.status === 'none') steps.push({ type: 'CreateScheduledEvent', data: { eventId, definition, startsAt, endsAt, now, by } });
  else if (changedFields(state.definition!, definition).length > 0) steps.push({ type: 'UpdateScheduledEvent', data: { definition, startsAt, endsAt, now, by } });
  if (publish && (state.status === 'none' || state.status === 'draft')) steps.push({ type: 'PublishScheduledEvent', data: { now, by } });
  const events: ScheduledEventEvent[] = [];
  let current = state;
  for (const step of steps) {
    let decided: ScheduledEventEvent[];
    try {
      decided = decideLife(step, current)!;
    } catch (error) {
      if (step.type !== 'PublishScheduledEvent' || !(error instanceof AppError)) throw error;
      throw new AppError(error.code, error.message, [{ path: 'publish', message: error.code }], error.params);
    }
    events.push(...decided);
    current = decided.reduce(evolveScheduledEvent, current);
  }
  return events;
}

function decideLife(command: ScheduledEventCommand, state: ScheduledEventState): ScheduledEventEvent[] | null {
  const eventId = state.eventId;
  switch (command.type) {
    case 'CreateScheduledEvent': {
      // the id is new for each creation: a stream that exists is this command's retry
      if (state.status !== 'none') return [];
      const { definition, startsAt, endsAt, now, by } = command.data;
      return [{ type: 'ScheduledEventCreated', data: { eventId: command.data.eventId, ...definition, startsAt, endsAt, createdAt: now, by } }];
    }
    case 'UpdateScheduledEvent': {
      requireEditable(state);
      const { definition, startsAt, endsAt, now, by } = command.data;
      const changed = changedFields(state.definition!, definition);
      if (changed.length === 0) return [];
      const updated: ScheduledEventEvent = { type: 'ScheduledEventUpdated', data: { eventId, ...definition, startsAt, endsAt, changed, updatedAt: now, by } };
      // raised vacancies free seats for the waiting list (lowered ones keep who is enrolled)
      return [updated, ...promotions({ ...state, startsAt }, definition.vacancies, now)];
    }
    case 'PublishScheduledEvent':
      requireExisting(state);
      if (state.status === 'published') return [];
      if (state.status !== 'draft' || command.data.now >= state.startsAt) invalidState(state);
      return [{ type: 'ScheduledEventPublished', data: { eventId, publishedAt: command.data.now, by: command.data.by } }];
    case 'ImportScheduledEvent':
      return decideImport(command.data, state);
    case 'CancelScheduledEvent':
      requireExisting(state);
      if (state.status === 'canceled') return [];
      if (state.status !== 'draft' && state.status !== 'published') invalidState(state);
      return [
        {
          type: 'ScheduledEventCanceled',
          data: { eventId, previousState: state.status as 'draft' | 'published', reason: command.data.reason, canceledAt: command.data.now, by: command.data.by },
        },
      ];
    case 'FinishScheduledEvent':
      requireExisting(state);
      if (state.status === 'finished') return [];
      if (state.status !== 'published' || command.data.now < state.endsAt) invalidState(state);
      return [{ type: 'ScheduledEventFinished', data: { eventId, finishedAt: command.data.now, by: command.data.by } }];
    case 'RemindAttendees': {
      requireExisting(state);
      const { now, by } = command.data;
      if (state.reminded || state.status !== 'published' || now >= state.startsAt || Date.parse(state.startsAt) - Date.parse(now) > REMIND_BEFORE_MS) return [];
      const attendees = [...state.attendees.values()].filter((a) => a.status === 'enrolled').length;
      return [{ type: 'ScheduledEventReminded', data: { eventId, attendees, remindedAt: now, by } }];
    }
    case 'AttachMaterial': {
      requireEditable(state);
      const { now, by, ...file } = command.data;
      if (state.materials.has(file.materialId)) return [];
      return [{ type: 'MaterialAttached', data: { eventId, ...file, attachedAt: now, by } }];
    }
    case 'RemoveMaterial':
      requireEditable(state);
      if (!state.materials.has(command.data.materialId)) throw new AppError('404');
      return [{ type: 'MaterialRemoved', data: { eventId, materialId: command.data.materialId, removedAt: command.data.now, by: command.data.by } }];
    default:
      return null;
  }
}

function decideAttendance(command: ScheduledEventCommand, state: ScheduledEventState): ScheduledEventEvent[] | null {
  const eventId = state.eventId;
  switch (command.type) {
    case 'Enrol': {
      const { attendee, audience, now, by } = command.data;
      requireExisting(state);
      // a learner never learns of a draft or of an event meant for others
      if (audience && (state.status === 'draft' || !canSee(state.definition!, audience))) throw new AppError('404');
      const current = state.attendees.get(attendee.userId);
      if (current && current.status !== 'withdrawn') return [];
      if (state.status !== 'published' || now >= state.startsAt) throw new AppError('event-enrolment-closed');
      const vacancies = state.definition!.vacancies;
      if (state.enrolled < vacancies) {
        return [{ type: 'AttendeeEnrolled', data: { eventId, ...attendee, fromWaitlist: false, seatsTaken: state.enrolled + 1, vacancies, enrolledAt: now, by } }];
      }
      return [{ type: 'AttendeeWaitlisted', data: { eventId, ...attendee, position: state.waitlist.length + 1, waitlistedAt: now, by } }];
    }
    case 'Withdraw': {
      const { userId, now, by } = command.data;
      requireExisting(state);
      const current = state.attendees.get(userId);
      if (!current || current.status === 'withdrawn') return [];
      if (state.status !== 'published' || now >= state.startsAt) throw new AppError('event-enrolment-closed');
      const withdrew: ScheduledEventEvent = { type: 'AttendeeWithdrew', data: { eventId, userId, previousStatus: current.status, withdrewAt: now, by } };
      return [withdrew, ...promotions(evolveScheduledEvent(state, withdrew), state.definition!.vacancies, now)];
    }
    case 'Scan':
      return decideScan(command.data, state);
    default:
      return null;
  }
}

function decideScan(data: Extract<ScheduledEventCommand, { type: 'Scan' }>['data'], state: ScheduledEventState): ScheduledEventEvent[] {
  const { userId, action, via, now, by } = data;
  requireExisting(state);
  if (via.kind === 'staff-code' && !isCodeFresh(via.window, now)) throw new AppError('event-code-expired');
  if (state.status !== 'published' && state.status !== 'finished') invalidState(state);
  const attendee = state.attendees.get(userId);
  if (!attendee || attendee.status !== 'enrolled') throw new AppError('attendee-not-enrolled');
  // an offline scan keeps its own time, never one later than the server's
  const at = via.kind === 'ticket' && data.at < now ? data.at : now;
  const eventId = state.eventId;
  if (action === 'check-in') {
    if (attendee.checkedInAt) return [];
    const window = checkInWindow(state.startsAt, state.endsAt);
    if (!isWithin(window, at)) throw new AppError('check-in-closed', undefined, undefined, { ...window });
    return [{ type: 'AttendeeCheckedIn', data: { eventId, userId, at, recordedAt: now, via, by } }];
  }
  if (attendee.checkedOutAt) return [];
  if (!attendee.checkedInAt) throw new AppError('attendee-not-checked-in');
  const window = checkOutWindow(state.startsAt, state.endsAt);
  if (!isWithin(window, at)) throw new AppError('check-out-closed', undefined, undefined, { ...window });
  return [{ type: 'AttendeeCheckedOut', data: { eventId, userId, at, recordedAt: now, via, minutesPresent: minutesBetween(attendee.checkedInAt, at), by } }];
}

function decideQuizzes(command: ScheduledEventCommand, state: ScheduledEventState): ScheduledEventEvent[] | null {
  const eventId = state.eventId;
  switch (command.type) {
    case 'AttachQuiz': {
      requireEditable(state);
      const { quizId, title, now, by } = command.data;
      if (state.quizzes.has(quizId)) return [];
      return [{ type: 'QuizAttached', data: { eventId, quizId, title, attachedAt: now, by } }];
    }
    case 'ScheduleQuiz': {
      requireExisting(state);
      const { quizId, opensAt, closesAt, now, by } = command.data;
      if (state.status === 'canceled') invalidState(state);
      const quiz = state.quizzes.get(quizId);
      if (!quiz) throw new AppError('quiz-not-attached');
      if (quiz.window && quiz.window.opensAt === opensAt && quiz.window.closesAt === closesAt) return [];
      return [{ type: 'QuizScheduled', data: { eventId, quizId, opensAt, closesAt, scheduledAt: now, by } }];
    }
    case 'AnswerQuiz': {
      requireExisting(state);
      const { quizId, quiz, userId, lang, answers, now, by } = command.data;
      const attached = state.quizzes.get(quizId);
      if (!attached) throw new AppError('quiz-not-attached');
      if (!attached.window || now < attached.window.opensAt || now >= attached.window.closesAt) {
        throw new AppError('quiz-closed', undefined, undefined, attached.window ? { ...attached.window } : undefined);
      }
      const attendee = state.attendees.get(userId);
      if (!attendee || attendee.status !== 'enrolled' || !attendee.checkedInAt) throw new AppError('attendee-not-checked-in');
      if (attached.answeredBy.has(userId)) throw new AppError('quiz-already-answered');
      const scored = scoreAnswers(quiz, lang, answers);
      return [{ type: 'QuizAnswered', data: { eventId, quizId, userId, lang, ...scored, answeredAt: now, by } }];
    }
    case 'ScoreOpenAnswer': {
      requireExisting(state);
      const { quizId, userId, questionId, score, now, by } = command.data;
      const maxScore = state.quizzes.get(quizId)?.openAnswers.get(`${userId}|${questionId}`);
      if (maxScore === undefined) throw new AppError('404');
      if (score < 0 || score > maxScore) throw new AppError('app/bed-request', undefined, [{ path: 'score', message: 'range' }], { min: 0, max: maxScore });
      return [{ type: 'QuizAnswerScored', data: { eventId, quizId, userId, questionId, score, maxScore, scoredAt: now, by } }];
    }
    default:
      return null;
  }
}

export function decideScheduledEvent(command: ScheduledEventCommand, state: ScheduledEventState): ScheduledEventEvent[] {
  const decided = decideLife(command, state) ?? decideAttendance(command, state) ?? decideQuizzes(command, state);
  if (decided === null) throw new Error(`unknown command ${JSON.stringify(command)}`);
  return decided;
}

const withAttendee = (state: ScheduledEventState, userId: string, change: (a: AttendeeState) => AttendeeState): ReadonlyMap<string, AttendeeState> => {
  const current = state.attendees.get(userId);
  if (!current) return state.attendees;
  return new Map(state.attendees).set(userId, change(current));
};

const withQuiz = (state: ScheduledEventState, quizId: string, change: (q: EventQuizState) => EventQuizState): ReadonlyMap<string, EventQuizState> => {
  const current = state.quizzes.get(quizId);
  if (!current) return state.quizzes;
  return new Map(state.quizzes).set(quizId, change(current));
};

const definitionOf = <D extends ScheduledEventDefinition>(data: D): ScheduledEventDefinition =>
  Object.fromEntries(SCHEDULED_EVENT_FIELDS.map((f) => [f, data[f]])) as ScheduledEventDefinition;

export function evolveScheduledEvent(state: ScheduledEventState, event: ScheduledEventEvent): ScheduledEventState {
  switch (event.type) {
    case 'ScheduledEventCreated':
      return { ...state, status: 'draft', eventId: event.data.eventId, definition: definitionOf(event.data), startsAt: event.data.startsAt, endsAt: event.data.endsAt };
    case 'ScheduledEventUpdated':
      return { ...state, definition: definitionOf(event.data), startsAt: event.data.startsAt, endsAt: event.data.endsAt };
    case 'ScheduledEventPublished':
      return { ...state, status: 'published' };
    case 'ScheduledEventCanceled':
      return { ...state, status: 'canceled' };
    case 'ScheduledEventFinished':
      return { ...state, status: 'finished' };
    case 'ScheduledEventReminded':
      return { ...state, reminded: true };
    case 'MaterialAttached':
      return { ...state, materials: new Set(state.materials).add(event.data.materialId) };
    case 'MaterialRemoved': {
      const materials = new Set(state.materials);
      materials.delete(event.data.materialId);
      return { ...state, materials };
    }
    case 'AttendeeEnrolled': {
      const { userId, email, lang } = event.data;
      const previous = state.attendees.get(userId);
      if (previous?.status === 'enrolled') return state;
      return {
        ...state,
        attendees: new Map(state.attendees).set(userId, { userId, email, lang, status: 'enrolled', checkedInAt: null, checkedOutAt: null }),
        enrolled: state.enrolled + 1,
        waitlist: previous?.status === 'waitlisted' ? state.waitlist.filter((u) => u !== userId) : state.waitlist,
      };
    }
    case 'AttendeeWaitlisted': {
      const { userId, email, lang } = event.data;
      return {
        ...state,
        attendees: new Map(state.attendees).set(userId, { userId, email, lang, status: 'waitlisted', checkedInAt: null, checkedOutAt: null }),
        waitlist: [...state.waitlist, userId],
      };
    }
    case 'AttendeeWithdrew': {
      const { userId, previousStatus } = event.data;
      return {
        ...state,
        attendees: withAttendee(state, userId, (a) => ({ ...a, status: 'withdrawn' })),
        enrolled: previousStatus === 'enrolled' ? state.enrolled - 1 : state.enrolled,
        waitlist: state.waitlist.filter((u) => u !== userId),
      };
    }
    case 'AttendeeCheckedIn':
      return { ...state, attendees: withAttendee(state, event.data.userId, (a) => ({ ...a, checkedInAt: event.data.at })) };
    case 'AttendeeCheckedOut':
      return { ...state, attendees: withAttendee(state, event.data.userId, (a) => ({ ...a, checkedOutAt: event.data.at })) };
    case 'QuizAttached':
      return {
        ...state,
        quizzes: new Map(state.quizzes).set(event.data.quizId, { quizId: event.data.quizId, title: event.data.title, window: null, answeredBy: new Set(), openAnswers: new Map() }),
      };
    case 'QuizScheduled':
      return { ...state, quizzes: withQuiz(state, event.data.quizId, (q) => ({ ...q, window: { opensAt: event.data.opensAt, closesAt: event.data.closesAt } })) };
    case 'QuizAnswered': {
      const { userId, answers } = event.data;
      return {
        ...state,
        quizzes: withQuiz(state, event.data.quizId, (q) => {
          const open = new Map(q.openAnswers);
          for (const a of answers) if (a.score === null) open.set(`${userId}|${a.questionId}`, a.maxScore);
          return { ...q, answeredBy: new Set(q.answeredBy).add(userId), openAnswers: open };
        }),
      };
    }
    case 'QuizAnswerScored':
      return state;
    default: {
      const exhaustive: never = event;
      throw new Error(`unknown event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** The decider as StreamWriter and the capacity writer run it (ADR 0009). */
export const scheduledEventDecider = { decide: decideScheduledEvent, evolve: evolveScheduledEvent, initial: initialScheduledEventState, events: scheduledEventEvents };
