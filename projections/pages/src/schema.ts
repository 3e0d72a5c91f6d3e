import type { ColumnType } from 'kysely';

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
