import { createHash } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import { combineEvents } from '@portal/eventstore/event-schemas';
import { isUuid } from '@portal/kernel';
import { defineProjection, ERASED_SQL } from '@portal/projections-runtime';
import { identityEvents } from '@portal/identity/contracts';
import { learningEvents } from '@portal/learning/contracts';
import { assessmentEvents } from '@portal/assessment/contracts';
import { scoringEvents } from '@portal/scoring/contracts';
import { bookingEvents } from '@portal/booking/contracts';
import { engagementEvents } from '@portal/engagement/contracts';
import { eventsContextEvents } from '@portal/events/contracts';
import { auditEvents, reportingEvents } from '@portal/reporting/contracts';
import { migrateAuditSubjects, type AuditSubjectsDB } from './schema.js';

/** Every context's stored events: the auditor's index reads the whole log (ADR 0071). */
export const auditedEvents = combineEvents(identityEvents, learningEvents, assessmentEvents, scoringEvents, bookingEvents, engagementEvents, eventsContextEvents, auditEvents, reportingEvents);
type Audited = ReturnType<typeof auditedEvents.parseRecorded>;

/** The e-mail key of identity's claim streams and booking's visitor streams: sha256 of the trimmed, lower-cased address, 40 hex. */
export const emailKeyOf = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40);

const text = (data: Readonly<Record<string, unknown>>, field: string): string | null => {
  const value = data[field];
  return typeof value === 'string' && value.length > 0 ? value : null;
};
const after = (streamId: string, prefix: string): string | null => (streamId.startsWith(prefix) ? streamId.slice(prefix.length) : null);
/** Streams whose name ends in the user's id. */
const USER_STREAM_PREFIXES = ['identity.user-', 'assessment.learner-', 'engagement.inbox-'];
/** Fields of event data that name a user the event concerns: the account, the learner, who made the change. */
const USER_FIELDS = ['userId', 'actor', 'by', 'registerId'];

interface BatchState {
  sessions: Map<string, string>;
  bookings: Map<string, string | null>;
  latest: Map<string, { rowId: string; position: bigint }>;
}

/**
 * The auditor's index (ADR 0071): for each event, the subjects it concerns, so a subject's
 * timeline is one index range in global order across every stream.
 *
 * - user: every user id the event names (metadata actor, data userId, actor, by, registerId),
 *   the user of streams named after a user (account, answer sheet, inbox) and of a session's
 *   stream (its SessionStarted names the user);
 * - visitor: the e-mail key of a booking's visitor (the user's claim key is the same hash, so a
 *   user's timeline takes in the bookings made with their address, before or after registering);
 * - booking: every event naming the booking (its stream, the slot's seat, the visitor's claim);
 * - answer: AnswerSubmitted by its row id, and the NPS step and recommendations that follow it;
 * - certificate: CertificateIssued by the issued certificate's id;
 * - an AuditTrailExported also under the subject whose trail was exported.
 *
 * Idempotent: rows are keyed by subject and position (an event arriving twice inserts nothing),
 * the latest answer moves only forward.
 */
export const auditSubjectsProjection = defineProjection({
  name: 'audit-subjects',
  // 2: a manager's report exports (ReportExported, by) on their own timeline
  // 3: event quiz and public survey answers are answers too, each answer with its kind (ADR 0083)
  version: 3,
  // ADR 0091: the holder's name of their certificates
  personalData: [{ table: 'certificates', subject: 'user_id', set: { holder_name: `case when "holder_name" is null then null else ${ERASED_SQL} end` } }],
  events: auditedEvents,
  migrate: migrateAuditSubjects,
  async apply(trx: Transaction<AuditSubjectsDB>, schema, events) {
    const db = trx.withSchema(schema);
    const state = await prefetch(trx, schema, events);
    const rows: Insertable<AuditSubjectsDB['subject_events']>[] = [];
    const sessions: { session_id: string; user_id: string }[] = [];
    const emailKeys: { email_key: string; user_id: string }[] = [];
    const bookings = new Map<string, AuditSubjectsDB['bookings']>();
    const answers: Insertable<AuditSubjectsDB['answers']>[] = [];
    const certificates: AuditSubjectsDB['certificates'][] = [];

    for (const event of events) {
      const subjects = new Set<string>();
      const add = (kind: string, id: string | null) => {
        if (id) subjects.add(`${kind}\u0000${id}`);
      };
      // every event's data, parsed by its owner's contract, read as a record (the fields that may name a subject)
      const data: Readonly<Record<string, unknown>> = event.data;
      const addUser = (id: string | null) => {
        if (id && isUuid(id)) add('user', id);
      };
      addUser(event.metadata.actor);
      for (const field of USER_FIELDS) addUser(text(data, field));
      for (const prefix of USER_STREAM_PREFIXES) addUser(after(event.streamId, prefix));
      const bookingId = event.streamId.startsWith('booking.') ? text(data, 'bookingId') : null;
      if (bookingId) {
        add('booking', bookingId);
        add('visitor', state.bookings.get(bookingId) ?? null);
      }
      add('visitor', after(event.streamId, 'booking.visitor-'));
      add('booking', after(event.streamId, 'booking.booking-'));

      switch (event.type) {
        case 'SessionStarted':
          state.sessions.set(event.data.sessionId, event.data.userId);
          sessions.push({ session_id: event.data.sessionId, user_id: event.data.userId });
          break;
        case 'SessionRefreshed':
          addUser(state.sessions.get(event.data.sessionId) ?? null);
          break;
        case 'EmailClaimed': {
          const key = after(event.streamId, 'identity.email-');
          if (key) emailKeys.push({ email_key: key, user_id: event.data.userId });
          break;
        }
        case 'VisitorBookingClaimed':
          state.bookings.set(event.data.bookingId, event.data.visitorKey);
          add('visitor', event.data.visitorKey);
          bookings.set(event.data.bookingId, { ...(bookings.get(event.data.bookingId) ?? emptyBooking(event.data.bookingId)), visitor_key: event.data.visitorKey });
          break;
        case 'BookingRequested': {
          const key = emailKeyOf(event.data.visitor.email);
          state.bookings.set(event.data.bookingId, key);
          add('visitor', key);
          bookings.set(event.data.bookingId, {
            booking_id: event.data.bookingId,
            visitor_key: key,
            visitor_name: event.data.visitor.name,
            visitor_email: event.data.visitor.email,
            date: event.data.date,
            time: event.data.time,
            requested_at: event.data.requestedAt,
          });
          break;
        }
        case 'AnswerSubmitted': {
          add('answer', event.data.rowId);
          const userId = event.data.actor;
          state.latest.set(`${userId}\u0000${event.data.questionId}`, { rowId: event.data.rowId, position: event.checkpoint.position });
          answers.push({
            row_id: event.data.rowId,
            event_id: event.metadata.eventId,
            user_id: userId,
            kind: event.data.context,
            question_id: event.data.questionId,
            station_id: event.data.stationId,
            is_correct: event.data.context === 'nps' ? null : event.data.isCorrect,
            attempt: event.data.attempt,
            answered_at: event.data.answeredAt,
            position: event.checkpoint.position.toString(),
          });
          break;
        }
        case 'QuizAnswered':
        case 'SurveyAnswered': {
          add('answer', event.metadata.eventId);
          const common = { row_id: event.metadata.eventId, event_id: event.metadata.eventId, station_id: null, attempt: 1, answered_at: event.data.answeredAt, position: event.checkpoint.position.toString() };
          if (event.type === 'QuizAnswered') {
            const quiz = event.data;
            answers.push({ ...common, user_id: quiz.userId, kind: 'event-quiz', question_id: quiz.quizId, is_correct: quiz.pendingOpen === 0 ? quiz.score === quiz.maxScore : null });
          } else {
            answers.push({ ...common, user_id: event.data.actor, kind: 'public-survey', question_id: event.data.questionId, is_correct: null });
          }
          break;
        }
        case 'NpsAnswered':
        case 'RecommendationsUpdated':
          add('answer', state.latest.get(`${event.data.actor}\u0000${event.data.questionId}`)?.rowId ?? null);
          break;
        case 'CertificateIssued':
          add('certificate', event.data.certificateId);
          certificates.push({
            certificate_id: event.data.certificateId,
            user_id: event.data.userId,
            rule_id: event.data.ruleId,
            holder_name: event.data.holderName,
            title: event.data.title[event.data.lang] ?? event.data.title['pt-BR'],
            issued_at: event.data.issuedAt,
          });
          break;
        case 'AuditTrailExported':
          add(event.data.subject.kind, event.data.subject.id);
          break;
        default:
          break;
      }
      for (const subject of subjects) {
        const [kind, subjectId] = subject.split('\u0000') as [string, string];
        rows.push({
          kind,
          subject_id: subjectId,
          transaction_id: event.checkpoint.transactionId.toString(),
          position: event.checkpoint.position.toString(),
          stream_id: event.streamId,
          type: event.type,
        });
      }
    }

    // a batch of 500 events gives a few thousand rows at most; chunks keep each statement's parameters well below the limit
    for (let i = 0; i < rows.length; i += 2000) {
      await db.insertInto('subject_events').values(rows.slice(i, i + 2000)).onConflict((oc) => oc.columns(['kind', 'subject_id', 'transaction_id', 'position']).doNothing()).execute();
    }
    if (sessions.length > 0) await db.insertInto('sessions').values(sessions).onConflict((oc) => oc.column('session_id').doNothing()).execute();
    if (emailKeys.length > 0) await db.insertInto('email_keys').values(emailKeys).onConflict((oc) => oc.columns(['user_id', 'email_key']).doNothing()).execute();
    for (const booking of bookings.values()) {
      await db
        .insertInto('bookings')
        .values(booking)
        .onConflict((oc) =>
          oc.column('booking_id').doUpdateSet((eb) => ({
            visitor_key: eb.fn.coalesce('excluded.visitor_key', 'bookings.visitor_key'),
            visitor_name: eb.fn.coalesce('excluded.visitor_name', 'bookings.visitor_name'),
            visitor_email: eb.fn.coalesce('excluded.visitor_email', 'bookings.visitor_email'),
            date: eb.fn.coalesce('excluded.date', 'bookings.date'),
            time: eb.fn.coalesce('excluded.time', 'bookings.time'),
            requested_at: eb.fn.coalesce('excluded.requested_at', 'bookings.requested_at'),
          })),
        )
        .execute();
    }
    if (answers.length > 0) {
      // chunked like subject_events: a rebuild's batch of 10,000 answers would pass the 65,535 parameters of one statement
      for (let i = 0; i < answers.length; i += 2000) {
        await db.insertInto('answers').values(answers.slice(i, i + 2000)).onConflict((oc) => oc.column('row_id').doNothing()).execute();
      }
      const latest = [...state.latest.entries()].map(([key, v]) => {
        const [userId, questionId] = key.split('\u0000') as [string, string];
        return { user_id: userId, question_id: questionId, row_id: v.rowId, position: v.position.toString() };
      });
      for (let i = 0; i < latest.length; i += 2000) {
        await db
          .insertInto('latest_answers')
          .values(latest.slice(i, i + 2000))
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'question_id'])
              .doUpdateSet((eb) => ({ row_id: eb.ref('excluded.row_id'), position: eb.ref('excluded.position') }))
              .where((eb) => eb('latest_answers.position', '<', eb.ref('excluded.position'))),
          )
          .execute();
      }
    }
    if (certificates.length > 0) await db.insertInto('certificates').values(certificates).onConflict((oc) => oc.column('certificate_id').doNothing()).execute();
  },
});

const emptyBooking = (bookingId: string): AuditSubjectsDB['bookings'] => ({
  booking_id: bookingId,
  visitor_key: null,
  visitor_name: null,
  visitor_email: null,
  date: null,
  time: null,
  requested_at: null,
});

/** What the batch's events need from earlier batches: sessions' users, bookings' visitors, learners' latest answers. */
async function prefetch(trx: Transaction<AuditSubjectsDB>, schema: string, events: Audited[]): Promise<BatchState> {
  const db = trx.withSchema(schema);
  const sessionIds = new Set<string>();
  const bookingIds = new Set<string>();
  const answerKeys: { userId: string; questionId: string }[] = [];
  for (const event of events) {
    if (event.type === 'SessionRefreshed') sessionIds.add(event.data.sessionId);
    if (event.streamId.startsWith('booking.')) {
      const bookingId = text(event.data, 'bookingId');
      if (bookingId) bookingIds.add(bookingId);
    }
    if (event.type === 'NpsAnswered' || event.type === 'RecommendationsUpdated') answerKeys.push({ userId: event.data.actor, questionId: event.data.questionId });
  }
  const [sessions, bookings, latest] = await Promise.all([
    sessionIds.size === 0 ? [] : db.selectFrom('sessions').select(['session_id', 'user_id']).where('session_id', 'in', [...sessionIds]).execute(),
    bookingIds.size === 0 ? [] : db.selectFrom('bookings').select(['booking_id', 'visitor_key']).where('booking_id', 'in', [...bookingIds]).execute(),
    answerKeys.length === 0
      ? []
      : db
          .selectFrom('latest_answers')
          .select(['user_id', 'question_id', 'row_id', 'position'])
          .where('user_id', 'in', [...new Set(answerKeys.map((k) => k.userId))])
          .where('question_id', 'in', [...new Set(answerKeys.map((k) => k.questionId))])
          .execute(),
  ]);
  return {
    sessions: new Map(sessions.map((s) => [s.session_id, s.user_id])),
    bookings: new Map(bookings.map((b) => [b.booking_id, b.visitor_key])),
    latest: new Map(latest.map((l) => [`${l.user_id}\u0000${l.question_id}`, { rowId: l.row_id, position: BigInt(String(l.position)) }])),
  };
}
