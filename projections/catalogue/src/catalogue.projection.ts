import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import { CATALOGUE_EVENT_TYPES, type CatalogueEvent } from '@portal/learning/contracts';

/**
 * Read model of the content catalogue: the live revision of every station (with its entries),
 * question, certificate rule and page, plus when each entry last changed (mediaUpdatedAt) and
 * first appeared (uploadDate), and the import log. Times come from the events only, so a
 * rebuild equals the incremental build.
 */
export const catalogueProjection: ProjectionDefinition = {
  name: 'catalogue',
  version: 1,
  eventTypes: [...CATALOGUE_EVENT_TYPES],
  async migrate(db: Kysely<any>, schema: string) {
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
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as CatalogueEvent;
      switch (event.type) {
        case 'StationRevised': {
          const d = event.data;
          const st = d.station;
          await t
            .insertInto('stations')
            .values({
              station_id: d.stationId,
              revision: d.revision,
              path: st.path,
              parent: st.parent ?? null,
              type: st.type,
              route_area: st.routeArea,
              listing_order: st.listingOrder,
              is_active: st.isActive,
              retired: false,
              content_hash: d.contentHash,
              data: JSON.stringify(st),
              revised_at: d.revisedAt,
            })
            .onConflict((oc) =>
              oc.column('station_id').doUpdateSet((eb) => ({
                revision: eb.ref('excluded.revision'),
                path: eb.ref('excluded.path'),
                parent: eb.ref('excluded.parent'),
                type: eb.ref('excluded.type'),
                route_area: eb.ref('excluded.route_area'),
                listing_order: eb.ref('excluded.listing_order'),
                is_active: eb.ref('excluded.is_active'),
                retired: false,
                content_hash: eb.ref('excluded.content_hash'),
                data: eb.ref('excluded.data'),
                revised_at: eb.ref('excluded.revised_at'),
              })),
            )
            .execute();
          const ids = st.entries.map((e) => e.entryId);
          for (const entry of st.entries) {
            const hash = st.entryHashes[entry.entryId] ?? d.contentHash;
            await t
              .insertInto('entries')
              .values({ entry_id: entry.entryId, station_id: d.stationId, type: entry.type, entry_hash: hash, media_updated_at: d.revisedAt, upload_date: d.revisedAt, retired: false })
              .onConflict((oc) =>
                oc.column('entry_id').doUpdateSet({
                  station_id: d.stationId,
                  type: entry.type,
                  retired: false,
                  entry_hash: hash,
                  // only a changed entry moves its media update time
                  media_updated_at: sql`case when ${sql.ref('entries.entry_hash')} = ${hash} and not ${sql.ref('entries.retired')} then ${sql.ref('entries.media_updated_at')} else ${d.revisedAt}::timestamptz end`,
                }),
              )
              .execute();
          }
          let gone = t.updateTable('entries').set({ retired: true }).where('station_id', '=', d.stationId);
          if (ids.length > 0) gone = gone.where('entry_id', 'not in', ids);
          await gone.execute();
          break;
        }
        case 'StationRetired':
          await t.updateTable('stations').set({ retired: true, revision: event.data.revision, revised_at: event.data.retiredAt }).where('station_id', '=', event.data.stationId).execute();
          await t.updateTable('entries').set({ retired: true }).where('station_id', '=', event.data.stationId).execute();
          break;
        case 'QuestionRevised':
          await upsertItem(t, 'questions', 'question_id', event.data.questionId, event.data.revision, event.data.contentHash, event.data.question, event.data.revisedAt);
          break;
        case 'QuestionRetired':
          await retireItem(t, 'questions', 'question_id', event.data.questionId, event.data.revision, event.data.retiredAt);
          break;
        case 'CertificateRuleRevised':
          await upsertItem(t, 'certificates', 'certificate_id', event.data.certificateId, event.data.revision, event.data.contentHash, event.data.rule, event.data.revisedAt);
          break;
        case 'CertificateRuleRetired':
          await retireItem(t, 'certificates', 'certificate_id', event.data.certificateId, event.data.revision, event.data.retiredAt);
          break;
        case 'PageRevised':
          await upsertItem(t, 'pages', 'page_key', event.data.pageKey, event.data.revision, event.data.contentHash, event.data.page, event.data.revisedAt);
          break;
        case 'PageRetired':
          await retireItem(t, 'pages', 'page_key', event.data.pageKey, event.data.revision, event.data.retiredAt);
          break;
        case 'CatalogueImported': {
          const d = event.data;
          await t
            .insertInto('imports')
            .values({ pack_hash: d.packHash, pack_version: d.packVersion, source: d.source, revised: JSON.stringify(d.revised), retired: JSON.stringify(d.retired), imported_at: d.importedAt })
            .execute();
          break;
        }
        default: {
          const exhaustive: never = event;
          void exhaustive;
        }
      }
    }
  },
};

async function upsertItem(t: Kysely<any>, table: string, key: string, id: string, revision: number, hash: string, data: unknown, at: string) {
  await t
    .insertInto(table)
    .values({ [key]: id, revision, retired: false, content_hash: hash, data: JSON.stringify(data), revised_at: at })
    .onConflict((oc) =>
      oc.column(key).doUpdateSet((eb) => ({
        revision: eb.ref('excluded.revision'),
        retired: false,
        content_hash: eb.ref('excluded.content_hash'),
        data: eb.ref('excluded.data'),
        revised_at: eb.ref('excluded.revised_at'),
      })),
    )
    .execute();
}

async function retireItem(t: Kysely<any>, table: string, key: string, id: string, revision: number, at: string) {
  await t.updateTable(table).set({ retired: true, revision, revised_at: at }).where(key, '=', id).execute();
}
