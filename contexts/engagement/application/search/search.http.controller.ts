import { Controller, Get, Inject } from '@nestjs/common';
import { DEFAULT_LOCALE } from '@portal/kernel';
import { Authorized, PROJECTIONS, ZodQuery } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { searchDocuments } from '@portal/projection-search';
import type { z } from 'zod';
import { searchQuerySchema } from '../../contracts/index.js';

/**
 * GET /search-api?query (000 §4.9): Postgres full-text search over the catalogue in the caller's
 * language, accent-insensitive, prefix matching. The SPA keeps only results whose objectID is
 * among the learner's known content, so access rules stay where the content is served.
 */
@Controller()
export class SearchController {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  @Get('search-api')
  @Authorized()
  async search(@ZodQuery(searchQuerySchema) q: z.infer<typeof searchQuerySchema>) {
    const rows = await searchDocuments(this.projections.reader('search'), q.query, q.lang ?? DEFAULT_LOCALE);
    return rows.map((r) => ({ title: String(r.title), description: String(r.description), url: String(r.url), objectID: String(r.object_id) }));
  }
}
