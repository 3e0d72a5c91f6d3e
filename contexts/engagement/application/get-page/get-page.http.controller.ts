import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DEFAULT_LOCALE } from '@portal/kernel';
import { Public, ZodParams, ZodQuery } from '@portal/platform';
import type { z } from 'zod';
import { pageLangQuerySchema, pageParamsSchema, type Page } from '../../contracts/index.js';
import { GetPageQuery } from './get-page.query.js';

@Controller('pages')
export class GetPageController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':section/:slug')
  @Public()
  one(@ZodParams(pageParamsSchema) p: z.infer<typeof pageParamsSchema>, @ZodQuery(pageLangQuerySchema) q: z.infer<typeof pageLangQuerySchema>): Promise<Page> {
    return this.queries.execute(new GetPageQuery(p.section, p.slug, q.lang ?? DEFAULT_LOCALE));
  }
}
