import { sql } from 'kysely';
import { defineProjection } from '@portal/projections-runtime';
import type { ParsedEvent } from '@portal/eventstore';
import { assessmentEvents, type AnswerSubmitted, type AssessmentEvent, type SurveyAnswered } from '@portal/assessment/contracts';
import { migrateAnswers, type AnswersDB } from './schema.js';

/**
 * The answers read model: each learner's current answer per question (a retry replaces it; the
 * row id is the newest AnswerSubmitted's rowId) and each respondent's public survey answers.
 * Serves /user-store/all-answers, the question overlay, the NPS panel and adaptive learning.
 */
export const answersProjection = defineProjection<AnswersDB, ParsedEvent<AssessmentEvent>>({
  name: 'answers',
  version: 1,
  events: assessmentEvents,
  eventTypes: ['AnswerSubmitted', 'SurveyAnswered'],
  migrate: migrateAnswers,
  async apply(trx, schema, events) {
    // a batch may hold several answers to one question: the last one wins
    const answers = new Map<string, AnswerSubmitted['data']>();
    const surveys = new Map<string, SurveyAnswered['data']>();
    for (const e of events) {
      if (e.type === 'AnswerSubmitted') answers.set(`${e.data.actor}\u0000${e.data.questionId}`, e.data);
      else if (e.type === 'SurveyAnswered') surveys.set(`${e.data.surveyId}\u0000${e.data.actor}\u0000${e.data.questionId}`, e.data);
    }
    const rows = [...answers.values()];
    if (rows.length > 0) {
      // one set-based statement: arrays per column (cheap to build, one round trip)
      const col = <K extends keyof AnswerSubmitted['data']>(k: K) => rows.map((r) => r[k]);
      await sql`
        insert into ${sql.table(`${schema}.answers`)} (actor, question_id, row_id, answer_id, is_correct, score, counts_for_score, post_question_id, post_answer_id, post_is_correct,
          post_score, points, seconds_to_answer, context, origin, question_revision, station_id, entry_id, attempt, answered_at)
        select * from unnest(${col('actor')}::text[], ${col('questionId')}::text[], ${col('rowId')}::text[], ${col('answerId')}::text[], ${col('isCorrect')}::boolean[],
          ${col('score')}::float8[], ${col('countsForScore')}::boolean[], ${col('postQuestionId')}::text[], ${col('postAnswerId')}::text[], ${col('postIsCorrect')}::boolean[],
          ${col('postScore')}::float8[], ${col('points')}::float8[], ${col('secondsToAnswer')}::float8[], ${col('context')}::text[], ${col('origin')}::text[],
          ${col('questionRevision')}::int[], ${col('stationId')}::text[], ${col('entryId')}::text[], ${col('attempt')}::int[], ${col('answeredAt')}::timestamptz[])
        on conflict (actor, question_id) do update set row_id = excluded.row_id, answer_id = excluded.answer_id, is_correct = excluded.is_correct, score = excluded.score,
          counts_for_score = excluded.counts_for_score, post_question_id = excluded.post_question_id, post_answer_id = excluded.post_answer_id,
          post_is_correct = excluded.post_is_correct, post_score = excluded.post_score, points = excluded.points, seconds_to_answer = excluded.seconds_to_answer,
          context = excluded.context, origin = excluded.origin, question_revision = excluded.question_revision, station_id = excluded.station_id,
          entry_id = excluded.entry_id, attempt = excluded.attempt, answered_at = excluded.answered_at`.execute(trx);
    }
    const surveyRows = [...surveys.values()].map((d) => ({
      survey_id: d.surveyId,
      actor: d.actor,
      question_id: d.questionId,
      answer_id: d.answerId,
      seconds_to_answer: d.secondsToAnswer,
      context: d.context,
      answered_at: d.answeredAt,
    }));
    const t = trx.withSchema(schema);
    for (let i = 0; i < surveyRows.length; i += 1000) {
      await t
        .insertInto('survey_answers')
        .values(surveyRows.slice(i, i + 1000))
        .onConflict((oc) =>
          oc.columns(['survey_id', 'actor', 'question_id']).doUpdateSet((eb) => ({
            answer_id: eb.ref('excluded.answer_id'),
            seconds_to_answer: eb.ref('excluded.seconds_to_answer'),
            context: eb.ref('excluded.context'),
            answered_at: eb.ref('excluded.answered_at'),
          })),
        )
        .execute();
    }
  },
});
