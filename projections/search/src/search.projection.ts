import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import { foldText } from '@portal/kernel';
import type { StationRetired, StationRevised } from '@portal/learning/contracts';
import type { SearchDB } from './schema.js';

export const SEARCH_LANGS = { 'pt-BR': 'portuguese', es: 'spanish', en: 'english' } as const;
export type SearchLang = keyof typeof SEARCH_LANGS;

/**
 * Full-text documents for the remote search (000 §4.9): one row per content entry and language,
 * stemmed with that language's Postgres configuration over folded text.
 */
export const searchProjection: ProjectionDefinition = {
  name: 'search',
  version: 1,
  eventTypes: ['StationRevised', 'StationRetired'],
  async migrate(db: Kysely<any>, schema: string) {
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
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as StationRevised | StationRetired;
      if (e.type === 'StationRetired') {
        await t.deleteFrom('documents').where('station_id', '=', e.data.stationId).execute();
        continue;
      }
      const station = e.data.station;
      await t.deleteFrom('documents').where('station_id', '=', station.stationId).execute();
      if (!station.isActive) continue;
      for (const entry of station.entries) {
        for (const [lang, config] of Object.entries(SEARCH_LANGS) as [SearchLang, string][]) {
          const title = entry.title[lang];
          const description = entry.description?.[lang] ?? '';
          const text = foldText([title, station.title[lang], description, entry.searchKeywords?.[lang] ?? '', entry.tags.join(' ')].join(' '));
          await t
            .insertInto('documents')
            .values({
              object_id: entry.entryId,
              lang,
              station_id: station.stationId,
              title,
              description: description || station.title[lang],
              url: `/station/${station.stationId}?video=${encodeURIComponent(entry.entryId)}`,
              tsv: sql`setweight(to_tsvector(${config}::regconfig, ${foldText(title)}), 'A') || to_tsvector(${config}::regconfig, ${text})`,
            })
            .execute();
        }
      }
    }
  },
};

/** Every word as a prefix, all required: "manej prag" finds "Manejo de pragas". */
export async function searchDocuments(reader: Kysely<SearchDB>, query: string, lang: SearchLang, limit = 20) {
  const words = foldText(query).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return [];
  const config = SEARCH_LANGS[lang];
  const tsquery = words.map((w) => `${w}:*`).join(' & ');
  return reader
    .selectFrom('documents')
    .select(['object_id', 'title', 'description', 'url'])
    .where('lang', '=', lang)
    .where(sql<boolean>`tsv @@ to_tsquery(${config}::regconfig, ${tsquery})`)
    .orderBy(sql`ts_rank(tsv, to_tsquery(${config}::regconfig, ${tsquery}))`, 'desc')
    .orderBy('object_id')
    .limit(limit)
    .execute();
}
