import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GuestOrUser, CurrentRequest, ZodParams, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { stationParamsSchema, type StationDetail } from '../../contracts/index.js';
import { requireActivePrincipal } from '../shared/access.js';
import { GetStationQuery } from './get-station.query.js';

/** GET /stations/:stationId: a station page with the learner's state (guests: guest stations). */
@Controller()
export class GetStationController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('stations/:stationId')
  @GuestOrUser()
  station(@ZodParams(stationParamsSchema) params: z.infer<typeof stationParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<StationDetail> {
    return this.queries.execute(new GetStationQuery(requireActivePrincipal(req.principal), params.stationId, req));
  }
}
