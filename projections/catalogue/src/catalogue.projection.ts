import { sql, type Kysely } from 'kysely';
import { defineProjection } from '@portal/projections-runtime';
import type { ParsedEvent } from '@portal/eventstore';
import { catalogueEvents, type CatalogueEvent } from '@portal/learning/contracts';
import { migrateCatalogue, type CatalogueDB } from './schema.js';

/**
 * Read model of the content catalogue: the live revision of every station (with its entries),
 * question, certificate rule and page, plus when each entry last changed (mediaUpdatedAt) and
 * first appeared (uploadDate), and the import log. Times come from the events only, so a
 * rebuild equals the incremental build.
 */
export const catalogueProjection = defineProjection<CatalogueDB, ParsedEvent<CatalogueEvent>>({
  name: 'catalogue',
  version: 1,
  events: catalogueEvents,
  migrate: migrateCatalogue,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const event of events) {
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
          await upsertItem(t, 'questions', event.data.questionId, event.data.revision, event.data.contentHash, event.data.question, event.data.revisedAt);
          break;
        case 'QuestionRetired':
          await retireItem(t, 'questions', event.data.questionId, event.data.revision, event.data.retiredAt);
          break;
        case 'CertificateRuleRevised':
          await upsertItem(t, 'certificates', event.data.certificateId, event.data.revision, event.data.contentHash, event.data.rule, event.data.revisedAt);
          break;
        case 'CertificateRuleRetired':
          await retireItem(t, 'certificates', event.data.certificateId, event.data.revision, event.data.retiredAt);
          break;
        case 'PageRevised':
          await upsertItem(t, 'pages', event.data.pageKey, event.data.revision, event.data.contentHash, event.data.page, event.data.revisedAt);
          break;
        case 'PageRetired':
          await retireItem(t, 'pages', event.data.pageKey, event.data.revision, event.data.retiredAt);
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
});

type ItemTable = 'questions' | 'certificates' | 'pages';

/** On a new revision every item column takes the inserted row's value (the three item tables share them). */
const EXCLUDED_ITEM = {
  revision: sql<number>`excluded.revision`,
  retired: false,
  content_hash: sql<string>`excluded.content_hash`,
  data: sql<string>`excluded.data`,
  revised_at: sql<string>`excluded.revised_at`,
};

async function upsertItem(t: Kysely<CatalogueDB>, table: ItemTable, id: string, revision: number, hash: string, data: unknown, at: string) {
  const row = { revision, retired: false, content_hash: hash, data: JSON.stringify(data), revised_at: at };
  if (table === 'questions') await t.insertInto('questions').values({ question_id: id, ...row }).onConflict((oc) => oc.column('question_id').doUpdateSet(EXCLUDED_ITEM)).execute();
  else if (table === 'certificates') await t.insertInto('certificates').values({ certificate_id: id, ...row }).onConflict((oc) => oc.column('certificate_id').doUpdateSet(EXCLUDED_ITEM)).execute();
  else await t.insertInto('pages').values({ page_key: id, ...row }).onConflict((oc) => oc.column('page_key').doUpdateSet(EXCLUDED_ITEM)).execute();
}

async function retireItem(t: Kysely<CatalogueDB>, table: ItemTable, id: string, revision: number, at: string) {
  const set = { retired: true, revision, revised_at: at };
  if (table === 'questions') await t.updateTable('questions').set(set).where('question_id', '=', id).execute();
  else if (table === 'certificates') await t.updateTable('certificates').set(set).where('certificate_id', '=', id).execute();
  else await t.updateTable('pages').set(set).where('page_key', '=', id).execute();
}
