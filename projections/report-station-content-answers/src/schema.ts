import type { Kysely } from 'kysely';
import { createTemporalTable, migrateDimensions, type TemporalTable } from '@portal/projection-report-kit';

/**
 * A learner's current answer to one media question of one entry (a question asked inside a
 * content, 000 §3 requiredMediaQuestions): a temporal row, a new version on every retry.
 */
export interface MediaAnswerRow {
  user_id: string;
  entry_id: string;
  question_id: string;
  station_id: string | null;
  answer_id: string;
  is_correct: boolean;
  score: number;
  attempts: number;
  first_answered_at: string;
  last_answered_at: string;
}

export const mediaAnswersTable: TemporalTable<MediaAnswerRow> = {
  name: 'media_answers',
  key: ['user_id', 'entry_id', 'question_id'],
  columns: {
    user_id: 'text',
    entry_id: 'text',
    question_id: 'text',
    station_id: 'text',
    answer_id: 'text',
    is_correct: 'boolean',
    score: 'float8',
    attempts: 'integer',
    first_answered_at: 'timestamptz',
    last_answered_at: 'timestamptz',
  },
};

export async function migrateReportStationContentAnswers(db: Kysely<any>, schema: string): Promise<void> {
  await migrateDimensions(db, schema);
  await createTemporalTable(db, schema, mediaAnswersTable);
  const s = db.schema.withSchema(schema);
  await s.createIndex('media_answers_user_time').on('media_answers').columns(['user_id', 'last_answered_at']).execute();
  await s.createIndex('media_answers_time').on('media_answers').columns(['last_answered_at']).execute();
}
