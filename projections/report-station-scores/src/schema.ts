import type { Kysely } from 'kysely';
import { createTemporalTable, migrateDimensions, type TemporalTable } from '@portal/projection-report-kit';

/**
 * One learner's score in one station (001 §3 station score record and score detail): the facts
 * the report reads, superseded by every answer, completion or rating that changes them. The
 * answer maximum is not stored here: it is the catalogue's (`stationMaxTable`), read as it stood.
 */
export interface StationScoreRow {
  user_id: string;
  station_id: string;
  /** points of the current answers to the station's own questions (scoring's questionsScore) */
  questions_score: number;
  /** 30 x entries of the station completed at least once (scoring's videosScore) */
  videos_score: number;
  /** points of the current answers to the station's entries' questions (scoring's videosAnswersScore) */
  videos_answers_score: number;
  completed_entries: number;
  /** current answers counted (one per question) */
  answers: number;
  /** sum of the learner's current ratings (1-5) of the station and of its entries */
  usability_score: number;
  /** how many items (the station, each entry) the learner rated */
  usability_ratings: number;
  /** the learner's last scoring activity in the station (answer, completion, rating): the date range filters on it */
  last_activity_at: string;
}
export const stationScoresTable: TemporalTable<StationScoreRow> = {
  name: 'station_scores',
  key: ['user_id', 'station_id'],
  columns: {
    user_id: 'text',
    station_id: 'text',
    questions_score: 'float8',
    videos_score: 'float8',
    videos_answers_score: 'float8',
    completed_entries: 'integer',
    answers: 'integer',
    usability_score: 'float8',
    usability_ratings: 'integer',
    last_activity_at: 'timestamptz',
  },
};

/** The learner's current answer per question: what a retry replaces (scoring's rule: only the current answer counts). */
export interface AnswerPointsRow {
  user_id: string;
  question_id: string;
  station_id: string;
  bucket: 'questions' | 'videos_answers';
  points: number;
}
export const answerPointsTable: TemporalTable<AnswerPointsRow> = {
  name: 'answer_points',
  key: ['user_id', 'question_id'],
  columns: { user_id: 'text', question_id: 'text', station_id: 'text', bucket: 'text', points: 'float8' },
};

/** First completions (only the first of an entry scores). */
export interface CompletionRow {
  user_id: string;
  entry_id: string;
  station_id: string;
}
export const completionsTable: TemporalTable<CompletionRow> = { name: 'completions', key: ['user_id', 'entry_id'], columns: { user_id: 'text', entry_id: 'text', station_id: 'text' } };

/** The learner's current rating of an item of a station: `item` is the entry id, or '' for the station itself. */
export interface RatingRow {
  user_id: string;
  station_id: string;
  item: string;
  score: number;
}
export const ratingsTable: TemporalTable<RatingRow> = { name: 'ratings', key: ['user_id', 'station_id', 'item'], columns: { user_id: 'text', station_id: 'text', item: 'text', score: 'float8' } };

/** A question's most points (its best option when it has a score and does not ignore it) and its follow-up. */
export interface QuestionMaxRow {
  question_id: string;
  max_points: number;
  follow_up_id: string | null;
}
export const questionMaxTable: TemporalTable<QuestionMaxRow> = { name: 'question_max', key: ['question_id'], columns: { question_id: 'text', max_points: 'float8', follow_up_id: 'text' } };

/** The questions a station asks (its questions config unless inactive, and its entries' questions). */
export interface StationMaxRow {
  station_id: string;
  question_ids: string[];
}
export const stationMaxTable: TemporalTable<StationMaxRow> = { name: 'station_max', key: ['station_id'], columns: { station_id: 'text', question_ids: 'text[]' } };

/** The report's tables in its own schema: the kit's dimensions, the scores, and what folding them needs. */
export async function migrateReportStationScores(db: Kysely<any>, schema: string): Promise<void> {
  await migrateDimensions(db, schema);
  for (const table of [stationScoresTable, answerPointsTable, completionsTable, ratingsTable, questionMaxTable, stationMaxTable] as TemporalTable<object>[]) {
    await createTemporalTable(db, schema, table);
  }
  const s = db.schema.withSchema(schema);
  await s.createIndex('station_scores_time').on('station_scores').columns(['last_activity_at', 'user_id', 'station_id']).execute();
  await s.createIndex('station_scores_station').on('station_scores').columns(['station_id', 'valid_from']).execute();
}
