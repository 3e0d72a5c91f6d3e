import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import type { PageRetired, PageRevised } from '@portal/learning/contracts';
import type { PagesDB } from './schema.js';

/** Public content pages of the content pack (/br, /br/articles/:slug, /tour/..., 000 §2.1). */
export const pagesProjection: ProjectionDefinition = {
  name: 'pages',
  version: 1,
  eventTypes: ['PageRevised', 'PageRetired'],
  async migrate(db: Kysely<any>, schema: string) {
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
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as PageRevised | PageRetired;
      if (e.type === 'PageRetired') {
        await t.deleteFrom('pages').where('page_key', '=', e.data.pageKey).execute();
        continue;
      }
      const p = e.data.page;
      const row = { section: p.section, slug: p.slug, title: JSON.stringify(p.title), body: JSON.stringify(p.body), revised_at: e.data.revisedAt };
      await t
        .insertInto('pages')
        .values({ page_key: e.data.pageKey, ...row })
        .onConflict((oc) => oc.column('page_key').doUpdateSet(row))
        .execute();
    }
  },
};

export const listPages = (reader: Kysely<PagesDB>, section: string) => reader.selectFrom('pages').selectAll().where('section', '=', section).orderBy('revised_at', 'desc').orderBy('slug').execute();
export const findPage = (reader: Kysely<PagesDB>, section: string, slug: string) => reader.selectFrom('pages').selectAll().where('section', '=', section).where('slug', '=', slug).executeTakeFirst();
