import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DEFAULT_LOCALE } from '@portal/kernel';
import { Public, ZodQuery } from '@portal/platform';
import type { z } from 'zod';
import { pagesQuerySchema, type PageSummary } from '../../contracts/index.js';
import { ListPagesQuery } from './list-pages.query.js';

@Controller('pages')
export class ListPagesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @Public()
  list(@ZodQuery(pagesQuerySchema) q: z.infer<typeof pagesQuerySchema>): Promise<PageSummary[]> {
    return this.queries.execute(new ListPagesQuery(q.section, q.lang ?? DEFAULT_LOCALE));
  }
}
