import { Controller, Get, Inject } from '@nestjs/common';
import { AppError, DEFAULT_LOCALE, type Locale } from '@portal/kernel';
import { PROJECTIONS, Public, ZodParams, ZodQuery } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findPage, listPages } from '@portal/projection-pages';
import { z } from 'zod';
import { LOCALES } from '@portal/kernel';
import { pageParamsSchema, pagesQuerySchema } from '../../contracts/index.js';
import { sanitizeNotificationHtml } from '../notifications/sanitize.js';

const langQuery = z.object({ lang: z.enum(LOCALES).optional() });
const pick = (value: unknown, lang: Locale): string => {
  const map = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string>;
  return map[lang] ?? map[DEFAULT_LOCALE] ?? '';
};

/** Public pages (/br, /br/articles/:slug, /tour/..., /ar/content/...) from the content pack. */
@Controller('pages')
export class PagesController {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  @Get()
  @Public()
  async list(@ZodQuery(pagesQuerySchema) q: z.infer<typeof pagesQuerySchema>) {
    const lang = q.lang ?? DEFAULT_LOCALE;
    const rows = await listPages(this.projections.reader('pages'), q.section);
    return rows.map((r) => ({ section: q.section, slug: String(r.slug), title: pick(r.title, lang), revisedAt: new Date(r.revised_at).toISOString() }));
  }

  @Get(':section/:slug')
  @Public()
  async one(@ZodParams(pageParamsSchema) p: z.infer<typeof pageParamsSchema>, @ZodQuery(langQuery) q: z.infer<typeof langQuery>) {
    const row = await findPage(this.projections.reader('pages'), p.section, p.slug);
    if (!row) throw new AppError('404');
    const lang = q.lang ?? DEFAULT_LOCALE;
    return { section: p.section, slug: p.slug, title: pick(row.title, lang), html: sanitizeNotificationHtml(pick(row.body, lang)), revisedAt: new Date(row.revised_at).toISOString() };
  }
}
