import type { ColumnType, Kysely } from 'kysely';

/** Tables of the pages read model (ADR 0009 §4, ADR 0047). */
export interface PagesDB {
  pages: {
    page_key: string;
    section: string;
    slug: string;
    /** per-locale maps (jsonb) */
    title: ColumnType<unknown, string, string>;
    body: ColumnType<unknown, string, string>;
    revised_at: ColumnType<Date | string, string, string>;
  };
}

export async function migratePages(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .withSchema(schema)
    .createTable('pages')
    .ifNotExists()
    .addColumn('page_key', 'text', (c) => c.primaryKey())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('revised_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
