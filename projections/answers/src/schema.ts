import type { ColumnType, Kysely } from 'kysely';
import type { AnswerContext } from '@portal/assessment/contracts';

/** timestamptz: written as an ISO string, read as a Date (pg) or a string (PGlite). */
type Timestamp = ColumnType<Date | string, string, string>;

/** Each learner's current answer per question (the newest AnswerSubmitted's fields). */
export interface AnswersTable {
  actor: string;
  question_id: string;
  row_id: string;
  answer_id: string;
  is_correct: boolean;
  score: number;
  counts_for_score: boolean;
  post_question_id: string | null;
  post_answer_id: string | null;
  post_is_correct: boolean | null;
  post_score: number;
  points: number;
  seconds_to_answer: number;
  context: AnswerContext;
  origin: 'web';
  question_revision: number;
  station_id: string | null;
  entry_id: string | null;
  attempt: number;
  answered_at: Timestamp;
}

/** Each respondent's answers to a public survey. */
export interface SurveyAnswersTable {
  survey_id: string;
  actor: string;
  question_id: string;
  answer_id: string;
  seconds_to_answer: number;
  context: string;
  answered_at: Timestamp;
}

/** The answers read model's tables (queries and the projector use the same types). */
export interface AnswersDB {
  answers: AnswersTable;
  survey_answers: SurveyAnswersTable;
}

export async function migrateAnswers(db: Kysely<any>, schema: string): Promise<void> {
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
}
