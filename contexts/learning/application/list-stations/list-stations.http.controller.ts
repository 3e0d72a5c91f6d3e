import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { stationsQuerySchema, type StationSummary } from '../../contracts/index.js';
import { requireActivePrincipal } from '../shared/access.js';
import { ListStationsQuery } from './list-stations.query.js';

/** GET /stations?area=&routeArea= (000 §2.5 side menu): the stations the caller may open. */
@Controller()
export class ListStationsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('stations')
  @Authorized()
  stations(@ZodQuery(stationsQuerySchema) query: z.infer<typeof stationsQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<StationSummary[]> {
    return this.queries.execute(new ListStationsQuery(requireActivePrincipal(req.principal), query, req));
  }
}
