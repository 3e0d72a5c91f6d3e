import type { ColumnType, Kysely } from 'kysely';

/** timestamptz: written as an ISO string, read as a Date (pg) or a string (PGlite). */
type Timestamp = ColumnType<Date | string, string, string>;

/** Each learner's current recommendations, in the order recorded. */
export interface RecommendationsTable {
  actor: string;
  recommendation_id: string;
  question_id: string;
  station_id: string | null;
  /** jsonb string[]: written as JSON text, read parsed (pg) or as text */
  entry_ids: ColumnType<unknown, string, string>;
  position: number;
  created_at: Timestamp;
  visited_at: ColumnType<Date | string | null, string | null, string | null>;
}

/** What a learner has done with an entry (content status of recommended items). */
export interface EntryStatesTable {
  actor: string;
  entry_id: string;
  views: number;
  seconds: number | null;
  duration: number | null;
  percent: number | null;
  completed_count: number;
}

/** The recommendations read model's tables (queries and the projector use the same types). */
export interface RecommendationsDB {
  recommendations: RecommendationsTable;
  entry_states: EntryStatesTable;
}

export async function migrateRecommendations(db: Kysely<any>, schema: string): Promise<void> {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('recommendations')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('recommendation_id', 'text', (c) => c.notNull())
      .addColumn('question_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text')
      .addColumn('entry_ids', 'jsonb', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('visited_at', 'timestamptz')
      .addPrimaryKeyConstraint('recommendations_pk', ['actor', 'recommendation_id'])
      .execute();
    await s
      .createTable('entry_states')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      // null until a play reports a position
      .addColumn('seconds', 'float8')
      .addColumn('duration', 'float8')
      .addColumn('percent', 'float8')
      .addColumn('completed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('entry_states_pk', ['actor', 'entry_id'])
      .execute();
}
