import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import type { AnswerSubmitted, SurveyAnswered } from '@portal/assessment/contracts';

/**
 * The answers read model: each learner's current answer per question (a retry replaces it; the
 * row id is the newest AnswerSubmitted's event id) and each respondent's public survey answers.
 * Serves /user-store/all-answers, the question overlay, the NPS panel and adaptive learning.
 */
export const answersProjection: ProjectionDefinition = {
  name: 'answers',
  version: 1,
  eventTypes: ['AnswerSubmitted', 'SurveyAnswered'],
  async migrate(db: Kysely<any>, schema: string) {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('answers')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('question_id', 'text', (c) => c.notNull())
      .addColumn('row_id', 'text', (c) => c.notNull())
      .addColumn('answer_id', 'text', (c) => c.notNull())
      .addColumn('is_correct', 'boolean', (c) => c.notNull())
      .addColumn('score', 'float8', (c) => c.notNull())
      .addColumn('counts_for_score', 'boolean', (c) => c.notNull())
      .addColumn('post_question_id', 'text')
      .addColumn('post_answer_id', 'text')
      .addColumn('post_is_correct', 'boolean')
      .addColumn('post_score', 'float8', (c) => c.notNull())
      .addColumn('points', 'float8', (c) => c.notNull())
      .addColumn('seconds_to_answer', 'float8', (c) => c.notNull())
      .addColumn('context', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('question_revision', 'integer', (c) => c.notNull())
      .addColumn('station_id', 'text')
      .addColumn('entry_id', 'text')
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('answers_pk', ['actor', 'question_id'])
      .execute();
    await s
      .createTable('survey_answers')
      .ifNotExists()
      .addColumn('survey_id', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('question_id', 'text', (c) => c.notNull())
      .addColumn('answer_id', 'text', (c) => c.notNull())
      .addColumn('seconds_to_answer', 'float8', (c) => c.notNull())
      .addColumn('context', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('survey_answers_pk', ['survey_id', 'actor', 'question_id'])
      .execute();
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    // a batch may hold several answers to one question: the last one wins
    const answers = new Map<string, Record<string, unknown>>();
    const surveys = new Map<string, Record<string, unknown>>();
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as AnswerSubmitted | SurveyAnswered;
      switch (e.type) {
        case 'AnswerSubmitted': {
          const d = e.data;
          answers.set(`${d.actor}\u0000${d.questionId}`, {
            actor: d.actor,
            question_id: d.questionId,
            row_id: d.rowId,
            answer_id: d.answerId,
            is_correct: d.isCorrect,
            score: d.score,
            counts_for_score: d.countsForScore,
            post_question_id: d.postQuestionId,
            post_answer_id: d.postAnswerId,
            post_is_correct: d.postIsCorrect,
            post_score: d.postScore,
            points: d.points,
            seconds_to_answer: d.secondsToAnswer,
            context: d.context,
            origin: d.origin,
            question_revision: d.questionRevision,
            station_id: d.stationId,
            entry_id: d.entryId,
            attempt: d.attempt,
            answered_at: d.answeredAt,
          });
          break;
        }
        case 'SurveyAnswered': {
          const d = e.data;
          surveys.set(`${d.surveyId}\u0000${d.actor}\u0000${d.questionId}`, {
            survey_id: d.surveyId,
            actor: d.actor,
            question_id: d.questionId,
            answer_id: d.answerId,
            seconds_to_answer: d.secondsToAnswer,
            context: d.context,
            answered_at: d.answeredAt,
          });
          break;
        }
        default: {
          const exhaustive: never = e;
          void exhaustive;
        }
      }
    }
    const rows = [...answers.values()];
    if (rows.length > 0) {
      // one set-based statement: arrays per column (cheap to build, one round trip)
      const col = (k: string) => rows.map((r) => r[k] ?? null);
      await sql`
        insert into ${sql.table(`${schema}.answers`)} (actor, question_id, row_id, answer_id, is_correct, score, counts_for_score, post_question_id, post_answer_id, post_is_correct,
          post_score, points, seconds_to_answer, context, origin, question_revision, station_id, entry_id, attempt, answered_at)
        select * from unnest(${col('actor')}::text[], ${col('question_id')}::text[], ${col('row_id')}::text[], ${col('answer_id')}::text[], ${col('is_correct')}::boolean[],
          ${col('score')}::float8[], ${col('counts_for_score')}::boolean[], ${col('post_question_id')}::text[], ${col('post_answer_id')}::text[], ${col('post_is_correct')}::boolean[],
          ${col('post_score')}::float8[], ${col('points')}::float8[], ${col('seconds_to_answer')}::float8[], ${col('context')}::text[], ${col('origin')}::text[],
          ${col('question_revision')}::int[], ${col('station_id')}::text[], ${col('entry_id')}::text[], ${col('attempt')}::int[], ${col('answered_at')}::timestamptz[])
        on conflict (actor, question_id) do update set row_id = excluded.row_id, answer_id = excluded.answer_id, is_correct = excluded.is_correct, score = excluded.score,
          counts_for_score = excluded.counts_for_score, post_question_id = excluded.post_question_id, post_answer_id = excluded.post_answer_id,
          post_is_correct = excluded.post_is_correct, post_score = excluded.post_score, points = excluded.points, seconds_to_answer = excluded.seconds_to_answer,
          context = excluded.context, origin = excluded.origin, question_revision = excluded.question_revision, station_id = excluded.station_id,
          entry_id = excluded.entry_id, attempt = excluded.attempt, answered_at = excluded.answered_at`.execute(trx);
    }
    const surveyRows = [...surveys.values()];
    for (let i = 0; i < surveyRows.length; i += 1000) {
      const chunk = surveyRows.slice(i, i + 1000);
      await t
        .insertInto('survey_answers')
        .values(chunk)
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
};
