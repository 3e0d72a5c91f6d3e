import type { ColumnType, Kysely } from 'kysely';

/** A timestamptz: written as ISO text, read through isoUtc as ISO text. */
type Time = ColumnType<string | null, string | null | undefined, string | null>;
/** A column with a default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface FeedItemsTable {
  actor: string;
  entry_id: string;
  station_id: string;
  last_play_at: Time;
  last_view_at: Time;
  bookmark_at: Time;
  feedback_score: number | null;
  feedback_at: Time;
  completed_count: Defaulted<number>;
  completed_at: Time;
  views_count: Defaulted<number>;
  seconds: Defaulted<number>;
  duration: Defaulted<number>;
  percent: Defaulted<number>;
  updated_at: Time;
}
export interface FeedStationsTable {
  actor: string;
  station_id: string;
  last_visit_at: ColumnType<string, string, string>;
}

/** The feeds read model's tables (its own schema). */
export interface FeedsDB {
  feed_items: FeedItemsTable;
  feed_stations: FeedStationsTable;
}

export async function migrateFeeds(db: Kysely<any>, schema: string): Promise<void> {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('feed_items')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('last_play_at', 'timestamptz')
      .addColumn('last_view_at', 'timestamptz')
      .addColumn('bookmark_at', 'timestamptz')
      .addColumn('feedback_score', 'integer')
      .addColumn('feedback_at', 'timestamptz')
      .addColumn('completed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_at', 'timestamptz')
      .addColumn('views_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('seconds', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('duration', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('percent', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz')
      .addPrimaryKeyConstraint('feed_items_pk', ['actor', 'entry_id'])
      .execute();
    await s
      .createTable('feed_stations')
      .ifNotExists()
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('last_visit_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('feed_stations_pk', ['actor', 'station_id'])
      .execute();
  }
