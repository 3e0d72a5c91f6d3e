import type { Kysely } from 'kysely';
import type { Localized } from '@portal/learning/contracts';
import { createTemporalTable, migrateDimensions, type TemporalTable } from '@portal/projection-report-kit';

/**
 * One question to the experts (engagement's ExpertQuestionAsked, then Claimed, Answered or
 * Withdrawn, ADR 0072): a temporal row, a new version at each step (so "as of" shows whether it
 * had been answered then). The labels the question was asked with are kept as the fallback of the
 * theme dimension below.
 */
export interface ExpertQuestionRow {
  question_id: string;
  user_id: string;
  theme_id: string;
  theme_labels: Localized;
  sub_theme_id: string;
  sub_theme_labels: Localized;
  phone: string;
  title: string;
  question: string;
  response: string | null;
  expert_id: string | null;
  /** the expert's name as the portal showed it when answering */
  answered_by: string | null;
  asked_at: string;
  answered_at: string | null;
  status: 'open' | 'claimed' | 'answered' | 'withdrawn';
}

export const expertQuestionsTable: TemporalTable<ExpertQuestionRow> = {
  name: 'expert_questions',
  key: ['question_id'],
  columns: {
    question_id: 'text',
    user_id: 'text',
    theme_id: 'text',
    theme_labels: 'jsonb',
    sub_theme_id: 'text',
    sub_theme_labels: 'jsonb',
    phone: 'text',
    title: 'text',
    question: 'text',
    response: 'text',
    expert_id: 'text',
    answered_by: 'text',
    asked_at: 'timestamptz',
    answered_at: 'timestamptz',
    status: 'text',
  },
};

/** An expert theme or sub-theme (identity's reference data, lists expertThemes and expertSubThemes): its labels as they stood. */
export interface ThemeRow {
  item_id: string;
  list: string;
  parent_id: string | null;
  labels: Localized;
}
export const themesTable: TemporalTable<ThemeRow> = { name: 'themes', key: ['item_id'], columns: { item_id: 'text', list: 'text', parent_id: 'text', labels: 'jsonb' } };

/** The report's tables in its own schema: the kit's dimensions, the themes, the questions. */
export async function migrateReportExpertQuestions(db: Kysely<any>, schema: string): Promise<void> {
  await migrateDimensions(db, schema);
  await createTemporalTable(db, schema, themesTable);
  await createTemporalTable(db, schema, expertQuestionsTable);
  const s = db.schema.withSchema(schema);
  await s.createIndex('expert_questions_user_time').on('expert_questions').columns(['user_id', 'asked_at']).execute();
  await s.createIndex('expert_questions_time').on('expert_questions').columns(['asked_at', 'question_id']).execute();
}
