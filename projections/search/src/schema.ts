import { sql, type ColumnType, type Kysely, type RawBuilder } from 'kysely';

/** Tables of the search read model (ADR 0009 §4, ADR 0047): one document per content entry and language. */
export interface SearchDB {
  documents: {
    object_id: string;
    lang: string;
    station_id: string;
    title: string;
    description: string;
    url: string;
    /** tsvector, written with an SQL expression */
    tsv: ColumnType<string, RawBuilder<unknown>, RawBuilder<unknown>>;
  };
}

export async function migrateSearch(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('documents')
    .ifNotExists()
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('station_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('tsv', sql`tsvector`, (c) => c.notNull())
    .addPrimaryKeyConstraint('documents_pk', ['object_id', 'lang'])
    .execute();
  await sql`create index if not exists documents_tsv_idx on ${sql.table(`${schema}.documents`)} using gin (tsv)`.execute(db);
}
