import { sql, type ColumnType, type Kysely } from 'kysely';

/** A timestamptz: written as ISO text, read through isoUtc as ISO text. */
type Time = ColumnType<string | null, string | null | undefined, string | null>;
/** A jsonb column: written as JSON text, read as the value (or its text, by driver). */
type Json<T> = ColumnType<T | string, string | undefined, string>;
/** A column with a default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface StationStatesTable {
  actor: string;
  station_id: string;
  visits_count: Defaulted<number>;
  first_visit_at: Time;
  last_visit_at: Time;
  view_type: string | null;
  feedback_score: number | null;
  videos_completed_at: Time;
}
export interface EntryStatesTable {
  actor: string;
  entry_id: string;
  station_id: string;
  type: string;
  play_count: Defaulted<number>;
  completed_count: Defaulted<number>;
  duration: Defaulted<number>;
  percent: Defaulted<number>;
  seconds: Defaulted<number>;
  completed_at: Time;
  first_play_at: Time;
  last_play_at: Time;
  updated_at: Time;
  views_count: Defaulted<number>;
  first_view_at: Time;
  last_view_at: Time;
  bookmark_at: Time;
  feedback_score: number | null;
  media_state: Json<Record<string, Record<string, unknown>>>;
}
export interface ScormStatesTable {
  actor: string;
  entry_id: string;
  station_id: string;
  version: string;
  cmi: Json<Record<string, string>>;
  /** multi-SCO packages (issue 27): each SCO's run-time data, the last SCO saved, the sequencing state */
  scos: Json<Record<string, { cmi: Record<string, string>; savedAt: string }>>;
  current_sco_id: string | null;
  sequencing: string | null;
  /** the station revision the attempt plays (issue 27), null before one is pinned */
  revision: ColumnType<number | null, number | null | undefined, number | null>;
  lesson_status: string | null;
  saved_at: Time;
  status: string | null;
  score: number | null;
  completed_at: Time;
}
export interface QuestionFactsTable {
  actor: string;
  question_id: string;
  station_id: string | null;
  entry_id: string | null;
  is_correct: boolean;
  answered_at: ColumnType<string, string, string>;
}

/** The progress read model's tables (its own schema). */
export interface ProgressDB {
  station_states: StationStatesTable;
  entry_states: EntryStatesTable;
  scorm_states: ScormStatesTable;
  question_facts: QuestionFactsTable;
}

export async function migrateProgress(db: Kysely<any>, schema: string): Promise<void> {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('station_states')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('visits_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_visit_at', 'timestamptz')
      .addColumn('last_visit_at', 'timestamptz')
      .addColumn('view_type', 'text')
      .addColumn('feedback_score', 'integer')
      .addColumn('videos_completed_at', 'timestamptz')
      .addPrimaryKeyConstraint('station_states_pk', ['actor', 'station_id'])
      .execute();
    await s
      .createTable('entry_states')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('percent', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('seconds', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_at', 'timestamptz')
      .addColumn('first_play_at', 'timestamptz')
      .addColumn('last_play_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz')
      .addColumn('views_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_view_at', 'timestamptz')
      .addColumn('last_view_at', 'timestamptz')
      .addColumn('bookmark_at', 'timestamptz')
      .addColumn('feedback_score', 'integer')
      .addColumn('media_state', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addPrimaryKeyConstraint('entry_states_pk', ['actor', 'entry_id'])
      .execute();
    await s
      .createTable('scorm_states')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('cmi', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('scos', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('current_sco_id', 'text')
      .addColumn('sequencing', 'text')
      .addColumn('revision', 'integer')
      .addColumn('lesson_status', 'text')
      .addColumn('saved_at', 'timestamptz')
      .addColumn('status', 'text')
      .addColumn('score', 'double precision')
      .addColumn('completed_at', 'timestamptz')
      .addPrimaryKeyConstraint('scorm_states_pk', ['actor', 'entry_id'])
      .execute();
    await s
      .createTable('question_facts')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('question_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text')
      .addColumn('entry_id', 'text')
      .addColumn('is_correct', 'boolean', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('question_facts_pk', ['actor', 'question_id'])
      .execute();
  }
