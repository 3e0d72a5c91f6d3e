import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { searchDocuments } from '@portal/projection-search';
import type { SearchResult } from '../../contracts/index.js';
import { SearchCatalogueQuery } from './search-catalogue.query.js';

/**
 * GET /search-api?query (000 §4.9): Postgres full-text search over the catalogue in the caller's
 * language, accent-insensitive, prefix matching. The SPA keeps only results whose objectID is
 * among the learner's known content, so access rules stay where the content is served.
 */
@QueryHandler(SearchCatalogueQuery)
export class SearchCatalogueHandler implements IQueryHandler<SearchCatalogueQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ query, lang }: SearchCatalogueQuery): Promise<SearchResult[]> {
    const rows = await searchDocuments(this.projections.reader('search'), query, lang);
    return rows.map((r) => ({ title: String(r.title), description: String(r.description), url: String(r.url), objectID: String(r.object_id) }));
  }
}
