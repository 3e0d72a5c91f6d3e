import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodParams, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { stationQuestionsParamsSchema } from '../../contracts/index.js';
import { StationQuestionsQuery } from './station-questions.query.js';

/** GET /questions/station/:stationId (the question overlay, 000 §4.4; honours x-min-position). */
@Controller('questions')
export class StationQuestionsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('station/:stationId')
  @Authorized()
  station(@ZodParams(stationQuestionsParamsSchema) p: z.infer<typeof stationQuestionsParamsSchema>, @CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new StationQuestionsQuery(requireUser(req.principal), p.stationId, req));
  }
}
