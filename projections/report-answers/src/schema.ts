import type { Kysely } from 'kysely';
import { createTemporalTable, migrateDimensions, type TemporalTable } from '@portal/projection-report-kit';

/** One answer (assessment's AnswerSubmitted): a fact, never superseded (a retry is another answer, attempt + 1). */
export interface AnswerFactRow {
  row_id: string;
  user_id: string;
  question_id: string;
  answer_id: string;
  station_id: string | null;
  entry_id: string | null;
  is_correct: boolean;
  score: number;
  seconds_to_answer: number;
  context: string;
  attempt: number;
  answered_at: string;
}

export const answerFactsTable: TemporalTable<AnswerFactRow> = {
  facts: true,
  name: 'answer_facts',
  key: ['row_id'],
  columns: {
    row_id: 'text',
    user_id: 'text',
    question_id: 'text',
    answer_id: 'text',
    station_id: 'text',
    entry_id: 'text',
    is_correct: 'boolean',
    score: 'float8',
    seconds_to_answer: 'float8',
    context: 'text',
    attempt: 'integer',
    answered_at: 'timestamptz',
  },
};

/**
 * The report's tables in its own schema: the kit's dimensions and the answer facts. Indexes for
 * the first page (a company's learners' answers, newest first) and the date filter.
 */
export async function migrateReportAnswers(db: Kysely<any>, schema: string): Promise<void> {
  await migrateDimensions(db, schema);
  await createTemporalTable(db, schema, answerFactsTable);
  const s = db.schema.withSchema(schema);
  await s.createIndex('answer_facts_user_time').on('answer_facts').columns(['user_id', 'answered_at']).execute();
  await s.createIndex('answer_facts_time').on('answer_facts').columns(['answered_at', 'row_id']).execute();
}
