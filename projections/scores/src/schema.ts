import type { Kysely } from 'kysely';

/** Where an answer's points land (ADR 0044; see bucketOf). */
export type Bucket = 'questions' | 'videos_answers' | 'nps' | 'extra';

/** Each station's crop (root station), as the catalogue said when the station was last revised. */
export interface ScoreStationsTable {
  station_id: string;
  crop_id: string;
}

/** Each learner's current answer per question: its points and where they landed. */
export interface ScoreAnswersTable {
  actor: string;
  question_id: string;
  points: number;
  bucket: Bucket;
  station_id: string | null;
  crop_id: string | null;
}

/** First completions (only those score). */
export interface ScoreCompletionsTable {
  actor: string;
  entry_id: string;
  station_id: string;
}

/** The sums per learner and scope ('total', 'crop:<id>', 'station:<id>'). */
export interface ScoreTotalsTable {
  actor: string;
  scope: string;
  questions: number;
  videos: number;
  videos_answers: number;
  nps: number;
  extra: number;
  completed_entries: number;
  answers: number;
}

/** The scores read model's tables (queries and the projector use the same types). */
export interface ScoresDB {
  score_stations: ScoreStationsTable;
  score_answers: ScoreAnswersTable;
  score_completions: ScoreCompletionsTable;
  score_totals: ScoreTotalsTable;
}

export async function migrateScores(db: Kysely<any>, schema: string): Promise<void> {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('score_stations')
      .ifNotExists()
      .addColumn('station_id', 'text', (c) => c.primaryKey())
      .addColumn('crop_id', 'text', (c) => c.notNull())
      .execute();
    await s
      .createTable('score_answers')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('question_id', 'text', (c) => c.notNull())
      .addColumn('points', 'float8', (c) => c.notNull())
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text')
      .addColumn('crop_id', 'text')
      .addPrimaryKeyConstraint('score_answers_pk', ['actor', 'question_id'])
      .execute();
    await s
      .createTable('score_completions')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('score_completions_pk', ['actor', 'entry_id'])
      .execute();
    await s
      .createTable('score_totals')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('questions', 'float8', (c) => c.notNull().defaultTo(0))
      .addColumn('videos', 'float8', (c) => c.notNull().defaultTo(0))
      .addColumn('videos_answers', 'float8', (c) => c.notNull().defaultTo(0))
      .addColumn('nps', 'float8', (c) => c.notNull().defaultTo(0))
      .addColumn('extra', 'float8', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_entries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('score_totals_pk', ['actor', 'scope'])
      .execute();
}
