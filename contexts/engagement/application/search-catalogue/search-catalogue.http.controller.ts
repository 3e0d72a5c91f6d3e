import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DEFAULT_LOCALE } from '@portal/kernel';
import { Authorized, ZodQuery } from '@portal/platform';
import type { z } from 'zod';
import { searchQuerySchema, type SearchResult } from '../../contracts/index.js';
import { SearchCatalogueQuery } from './search-catalogue.query.js';

@Controller()
export class SearchCatalogueController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('search-api')
  @Authorized()
  search(@ZodQuery(searchQuerySchema) q: z.infer<typeof searchQuerySchema>): Promise<SearchResult[]> {
    return this.queries.execute(new SearchCatalogueQuery(q.query, q.lang ?? DEFAULT_LOCALE));
  }
}
