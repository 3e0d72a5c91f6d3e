import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { homeQuerySchema, type Home } from '../../contracts/index.js';
import { GetHomeQuery } from './get-home.query.js';

/** GET /home ("My content", 000 §4.12). */
@Controller()
export class GetHomeController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('home')
  @Authorized()
  home(@ZodQuery(homeQuerySchema) query: z.infer<typeof homeQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<Home> {
    return this.queries.execute(new GetHomeQuery(requireUser(req.principal), query, req));
  }
}
