import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findPage } from '@portal/projection-pages';
import type { Page } from '../../contracts/index.js';
import { pick } from '../shared/localized.js';
import { sanitizeNotificationHtml } from '../shared/sanitize.js';
import { GetPageQuery } from './get-page.query.js';

/** One public page in the reader's language, its HTML sanitized. */
@QueryHandler(GetPageQuery)
export class GetPageHandler implements IQueryHandler<GetPageQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ section, slug, lang }: GetPageQuery): Promise<Page> {
    const row = await findPage(this.projections.reader('pages'), section, slug);
    if (!row) throw new AppError('404');
    return { section, slug, title: pick(row.title, lang), html: sanitizeNotificationHtml(pick(row.body, lang)), revisedAt: new Date(row.revised_at).toISOString() };
  }
}
