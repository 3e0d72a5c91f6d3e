import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { journeyListQuerySchema, type StationSummary } from '../../contracts/index.js';
import { requireActivePrincipal } from '../shared/access.js';
import { GetJourneyListQuery } from './get-journey-list.query.js';

/** GET /journey/list?playlist=: /journey/list (my training). */
@Controller()
export class GetJourneyListController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('journey/list')
  @Authorized()
  journeyList(@ZodQuery(journeyListQuerySchema) query: z.infer<typeof journeyListQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<StationSummary[]> {
    return this.queries.execute(new GetJourneyListQuery(requireActivePrincipal(req.principal), query.playlist, req));
  }
}
