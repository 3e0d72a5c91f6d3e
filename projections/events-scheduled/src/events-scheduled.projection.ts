import { defineProjection, ERASED_SQL } from '@portal/projections-runtime';
import { scheduledEventEvents, type ScheduledEventDefinition } from '@portal/events/contracts';
import { migrateEventsScheduled, type EventsScheduledDB } from './schema.js';

const definitionColumns = (d: ScheduledEventDefinition & { startsAt: string; endsAt: string }) => ({
  title: d.title,
  type: d.type,
  description: d.description,
  date: d.date,
  start_hour: d.startHour,
  finish_hour: d.finishHour,
  timezone: d.timezone,
  country: d.country,
  venue: d.venue,
  author: d.author,
  department: d.department,
  cluster: d.cluster,
  categories: JSON.stringify(d.categories),
  cultures: JSON.stringify(d.cultures),
  competence_area: d.competenceArea,
  region: d.region,
  brand: d.brand,
  bu: d.bu,
  target_audience: d.targetAudience,
  estimated_audience: d.estimatedAudience,
  instructor: d.instructor,
  vacancies: d.vacancies,
  starts_at: d.startsAt,
  ends_at: d.endsAt,
});

/**
 * Read model of the events context's scheduled events (ADR 0060): the list with its filters, the
 * event detail (counts are aggregated from the attendee rows when read, so they never drift),
 * "my events", the attendee report (enrolment, check-in, check-out, minutes present, quiz score)
 * and each answer per question for the quiz reports. Idempotent writes: a replayed batch lands
 * on the same rows.
 */
export const eventsScheduledProjection = defineProjection<EventsScheduledDB, ReturnType<typeof scheduledEventEvents.parseRecorded>>({
  name: 'events-scheduled',
  version: 1,
  // ADR 0091: an attendee's address; their quiz answers read as none after erasure (the score stays)
  personalData: [
    { table: 'attendees', subject: 'user_id', set: { email: ERASED_SQL } },
    { table: 'question_answers', subject: 'user_id', delete: true },
  ],
  events: scheduledEventEvents,
  migrate: migrateEventsScheduled,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const event of events) {
      switch (event.type) {
        case 'ScheduledEventCreated': {
          const d = event.data;
          await t
            .insertInto('scheduled_events')
            .values({ event_id: d.eventId, state: 'draft', ...definitionColumns(d), created_at: d.createdAt, updated_at: d.createdAt })
            .onConflict((oc) => oc.column('event_id').doNothing())
            .execute();
          break;
        }
        case 'ScheduledEventUpdated':
          await t
            .updateTable('scheduled_events')
            .set({ ...definitionColumns(event.data), updated_at: event.data.updatedAt })
            .where('event_id', '=', event.data.eventId)
            .execute();
          break;
        case 'ScheduledEventPublished':
          await t.updateTable('scheduled_events').set({ state: 'published', published_at: event.data.publishedAt, updated_at: event.data.publishedAt }).where('event_id', '=', event.data.eventId).execute();
          break;
        case 'ScheduledEventCanceled':
          await t
            .updateTable('scheduled_events')
            .set({ state: 'canceled', canceled_at: event.data.canceledAt, cancel_reason: event.data.reason, updated_at: event.data.canceledAt })
            .where('event_id', '=', event.data.eventId)
            .execute();
          break;
        case 'ScheduledEventFinished':
          await t.updateTable('scheduled_events').set({ state: 'finished', finished_at: event.data.finishedAt, updated_at: event.data.finishedAt }).where('event_id', '=', event.data.eventId).execute();
          break;
        case 'ScheduledEventReminded':
          await t.updateTable('scheduled_events').set({ reminded_at: event.data.remindedAt }).where('event_id', '=', event.data.eventId).execute();
          break;
        case 'MaterialAttached': {
          const d = event.data;
          await t
            .insertInto('event_materials')
            .values({ event_id: d.eventId, material_id: d.materialId, file_name: d.fileName, content_type: d.contentType, size: d.size, sha256: d.sha256, attached_at: d.attachedAt })
            .onConflict((oc) => oc.columns(['event_id', 'material_id']).doNothing())
            .execute();
          break;
        }
        case 'MaterialRemoved':
          await t.deleteFrom('event_materials').where('event_id', '=', event.data.eventId).where('material_id', '=', event.data.materialId).execute();
          break;
        case 'AttendeeEnrolled': {
          const d = event.data;
          await t
            .insertInto('attendees')
            .values({ event_id: d.eventId, user_id: d.userId, email: d.email, lang: d.lang, status: 'enrolled', enrolled_at: d.enrolledAt })
            .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ status: 'enrolled', enrolled_at: d.enrolledAt, waitlist_seq: null, withdrew_at: null, email: d.email, lang: d.lang }))
            .execute();
          break;
        }
        case 'AttendeeWaitlisted': {
          const d = event.data;
          const seq = event.revision.toString();
          await t
            .insertInto('attendees')
            .values({ event_id: d.eventId, user_id: d.userId, email: d.email, lang: d.lang, status: 'waitlisted', waitlist_seq: seq, waitlisted_at: d.waitlistedAt })
            .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ status: 'waitlisted', waitlist_seq: seq, waitlisted_at: d.waitlistedAt, withdrew_at: null, email: d.email, lang: d.lang }))
            .execute();
          break;
        }
        case 'AttendeeWithdrew':
          await t
            .updateTable('attendees')
            .set({ status: 'withdrawn', withdrew_at: event.data.withdrewAt, waitlist_seq: null })
            .where('event_id', '=', event.data.eventId)
            .where('user_id', '=', event.data.userId)
            .execute();
          break;
        case 'AttendeeCheckedIn':
          await t.updateTable('attendees').set({ checked_in_at: event.data.at }).where('event_id', '=', event.data.eventId).where('user_id', '=', event.data.userId).execute();
          break;
        case 'AttendeeCheckedOut':
          await t
            .updateTable('attendees')
            .set({ checked_out_at: event.data.at, minutes_present: event.data.minutesPresent })
            .where('event_id', '=', event.data.eventId)
            .where('user_id', '=', event.data.userId)
            .execute();
          break;
        case 'QuizAttached': {
          const d = event.data;
          await t
            .insertInto('event_quizzes')
            .values({ event_id: d.eventId, quiz_id: d.quizId, title: d.title, attached_at: d.attachedAt })
            .onConflict((oc) => oc.columns(['event_id', 'quiz_id']).doNothing())
            .execute();
          break;
        }
        case 'QuizScheduled':
          await t
            .updateTable('event_quizzes')
            .set({ opens_at: event.data.opensAt, closes_at: event.data.closesAt })
            .where('event_id', '=', event.data.eventId)
            .where('quiz_id', '=', event.data.quizId)
            .execute();
          break;
        case 'QuizAnswered': {
          const d = event.data;
          await t
            .insertInto('quiz_answers')
            .values({ event_id: d.eventId, quiz_id: d.quizId, user_id: d.userId, lang: d.lang, score: d.score, max_score: d.maxScore, pending_open: d.pendingOpen, answered_at: d.answeredAt })
            .onConflict((oc) => oc.columns(['event_id', 'quiz_id', 'user_id']).doNothing())
            .execute();
          if (d.answers.length > 0) {
            await t
              .insertInto('question_answers')
              .values(
                d.answers.map((a) => ({
                  event_id: d.eventId,
                  quiz_id: d.quizId,
                  user_id: d.userId,
                  question_id: a.questionId,
                  alternative_ids: JSON.stringify(a.alternativeIds),
                  text: a.text,
                  correct: a.correct,
                  score: a.score,
                  max_score: a.maxScore,
                })),
              )
              .onConflict((oc) => oc.columns(['event_id', 'quiz_id', 'user_id', 'question_id']).doNothing())
              .execute();
          }
          break;
        }
        case 'QuizAnswerScored': {
          const d = event.data;
          await t
            .updateTable('question_answers')
            .set({ score: d.score })
            .where('event_id', '=', d.eventId)
            .where('quiz_id', '=', d.quizId)
            .where('user_id', '=', d.userId)
            .where('question_id', '=', d.questionId)
            .execute();
          // the sheet's score and what is still pending, recomputed from its answers (a new score replaces the old)
          const totals = await t
            .selectFrom('question_answers')
            .select((eb) => [eb.fn.sum<number>('score').as('score'), eb.fn.countAll<string>().filterWhere('score', 'is', null).as('pending')])
            .where('event_id', '=', d.eventId)
            .where('quiz_id', '=', d.quizId)
            .where('user_id', '=', d.userId)
            .executeTakeFirst();
          await t
            .updateTable('quiz_answers')
            .set({ score: Number(totals?.score ?? 0), pending_open: Number(totals?.pending ?? 0) })
            .where('event_id', '=', d.eventId)
            .where('quiz_id', '=', d.quizId)
            .where('user_id', '=', d.userId)
            .execute();
          break;
        }
        default: {
          const exhaustive: never = event;
          void exhaustive;
        }
      }
    }
  },
});
