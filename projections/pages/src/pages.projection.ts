import type { Kysely } from 'kysely';
import type { ParsedEvent } from '@portal/eventstore';
import { defineProjection } from '@portal/projections-runtime';
import { catalogueEvents, type CatalogueEvent } from '@portal/learning/contracts';
import { migratePages, type PagesDB } from './schema.js';

/** Public content pages of the content pack (/br, /br/articles/:slug, /tour/..., 000 §2.1). */
export const pagesProjection = defineProjection<PagesDB, ParsedEvent<CatalogueEvent>>({
  name: 'pages',
  version: 1,
  events: catalogueEvents,
  eventTypes: ['PageRevised', 'PageRetired'],
  migrate: migratePages,
  async apply(trx, schema, events) {
    const t = trx.withSchema(schema);
    for (const e of events) {
      if (e.type === 'PageRetired') {
        await t.deleteFrom('pages').where('page_key', '=', e.data.pageKey).execute();
        continue;
      }
      // the contracts' other types are not in eventTypes: never delivered
      if (e.type !== 'PageRevised') continue;
      const p = e.data.page;
      const row = { section: p.section, slug: p.slug, title: JSON.stringify(p.title), body: JSON.stringify(p.body), revised_at: e.data.revisedAt };
      await t
        .insertInto('pages')
        .values({ page_key: e.data.pageKey, ...row })
        .onConflict((oc) => oc.column('page_key').doUpdateSet(row))
        .execute();
    }
  },
});

export const listPages = (reader: Kysely<PagesDB>, section: string) => reader.selectFrom('pages').selectAll().where('section', '=', section).orderBy('revised_at', 'desc').orderBy('slug').execute();
export const findPage = (reader: Kysely<PagesDB>, section: string, slug: string) => reader.selectFrom('pages').selectAll().where('section', '=', section).where('slug', '=', slug).executeTakeFirst();
