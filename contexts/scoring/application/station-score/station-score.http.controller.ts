import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodParams, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { stationScoreParamsSchema } from '../../contracts/index.js';
import { StationScoreQuery } from './station-score.query.js';

/** GET /scores/station/:stationId: the main header's score (honours x-min-position). */
@Controller('scores')
export class StationScoreController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('station/:stationId')
  @Authorized()
  station(@ZodParams(stationScoreParamsSchema) p: z.infer<typeof stationScoreParamsSchema>, @CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new StationScoreQuery(requireUser(req.principal).userId, p.stationId, req));
  }
}
