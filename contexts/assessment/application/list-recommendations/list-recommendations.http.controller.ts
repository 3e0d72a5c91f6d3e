import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import { ListRecommendationsQuery } from './list-recommendations.query.js';

/** 000 §7 GET /adaptive/recommendations: serves /learning/questions/recommendations (honours x-min-position). */
@Controller('adaptive')
export class ListRecommendationsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('recommendations')
  @Authorized()
  list(@CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new ListRecommendationsQuery(requireUser(req.principal), req));
  }
}
