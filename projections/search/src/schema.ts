import type { ColumnType, RawBuilder } from 'kysely';

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
