import type { ColumnType, Kysely } from 'kysely';

/** A timestamptz: written as ISO text, read as a Date (or as text through isoUtc). */
type Time = ColumnType<Date | string, string, string>;
/** A jsonb column: written as JSON text, read as the value (or its text, by driver). */
type Json<T> = ColumnType<T | string, string, string>;

export interface StationsTable {
  station_id: string;
  revision: number;
  path: string;
  parent: string | null;
  type: string;
  route_area: string;
  listing_order: number;
  is_active: boolean;
  retired: ColumnType<boolean, boolean | undefined, boolean>;
  content_hash: string | null;
  data: Json<unknown> | null;
  revised_at: Time;
}
export interface EntriesTable {
  entry_id: string;
  station_id: string;
  type: string;
  entry_hash: string;
  media_updated_at: Time;
  upload_date: Time;
  retired: ColumnType<boolean, boolean | undefined, boolean>;
}
/** questions, certificates and pages: one live revision per item */
export interface ItemsTable {
  revision: number;
  retired: ColumnType<boolean, boolean | undefined, boolean>;
  content_hash: string | null;
  data: Json<unknown> | null;
  revised_at: Time;
}
export interface ImportsTable {
  pack_hash: string;
  pack_version: string;
  source: string;
  revised: Json<Record<string, string[]>>;
  retired: Json<Record<string, string[]>>;
  imported_at: Time;
}

/** The catalogue read model's tables (its own schema). */
export interface CatalogueDB {
  stations: StationsTable;
  entries: EntriesTable;
  questions: ItemsTable & { question_id: string };
  certificates: ItemsTable & { certificate_id: string };
  pages: ItemsTable & { page_key: string };
  imports: ImportsTable;
}

export async function migrateCatalogue(db: Kysely<any>, schema: string): Promise<void> {
    const s = db.schema.withSchema(schema);
    await s
      .createTable('stations')
      .ifNotExists()
      .addColumn('station_id', 'text', (c) => c.primaryKey())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('parent', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('route_area', 'text', (c) => c.notNull())
      .addColumn('listing_order', 'integer', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('retired', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('content_hash', 'text')
      .addColumn('data', 'jsonb')
      .addColumn('revised_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await s
      .createTable('entries')
      .ifNotExists()
      .addColumn('entry_id', 'text', (c) => c.primaryKey())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('entry_hash', 'text', (c) => c.notNull())
      .addColumn('media_updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('upload_date', 'timestamptz', (c) => c.notNull())
      .addColumn('retired', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await s.createIndex('entries_station_idx').ifNotExists().on('entries').column('station_id').execute();
    for (const [table, key] of [
      ['questions', 'question_id'],
      ['certificates', 'certificate_id'],
      ['pages', 'page_key'],
    ] as const) {
      await s
        .createTable(table)
        .ifNotExists()
        .addColumn(key, 'text', (c) => c.primaryKey())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('retired', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('content_hash', 'text')
        .addColumn('data', 'jsonb')
        .addColumn('revised_at', 'timestamptz', (c) => c.notNull())
        .execute();
    }
    await s
      .createTable('imports')
      .ifNotExists()
      .addColumn('pack_hash', 'text', (c) => c.notNull())
      .addColumn('pack_version', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('revised', 'jsonb', (c) => c.notNull())
      .addColumn('retired', 'jsonb', (c) => c.notNull())
      .addColumn('imported_at', 'timestamptz', (c) => c.notNull())
      .execute();
  }
