import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import { LearnerScoresQuery } from './learner-scores.query.js';

/** GET /scores: the caller's score detail (000 §3, §9; honours x-min-position). */
@Controller('scores')
export class LearnerScoresController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @Authorized()
  scores(@CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new LearnerScoresQuery(requireUser(req.principal).userId, req));
  }
}
