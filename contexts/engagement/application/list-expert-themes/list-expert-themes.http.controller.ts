import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DEFAULT_LOCALE } from '@portal/kernel';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { expertLangQuerySchema, type ExpertThemeOption } from '../../contracts/index.js';
import { ListExpertThemesQuery } from './list-expert-themes.query.js';

@Controller('expert/themes')
export class ListExpertThemesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Any signed-in user with a complete profile (the ask form and the experts screen). */
  @Get()
  @Authorized()
  list(@ZodQuery(expertLangQuerySchema) q: z.infer<typeof expertLangQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<ExpertThemeOption[]> {
    return this.queries.execute(new ListExpertThemesQuery(q.lang ?? DEFAULT_LOCALE, req));
  }
}
