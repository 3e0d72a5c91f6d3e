import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listPages } from '@portal/projection-pages';
import type { PageSummary } from '../../contracts/index.js';
import { pick } from '../shared/localized.js';
import { ListPagesQuery } from './list-pages.query.js';

/** Public pages of a section (/br, /br/articles/:slug, /tour/..., /ar/content/...) from the content pack. */
@QueryHandler(ListPagesQuery)
export class ListPagesHandler implements IQueryHandler<ListPagesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ section, lang }: ListPagesQuery): Promise<PageSummary[]> {
    const rows = await listPages(this.projections.reader('pages'), section);
    return rows.map((r) => ({ section, slug: String(r.slug), title: pick(r.title, lang), revisedAt: new Date(r.revised_at).toISOString() }));
  }
}
