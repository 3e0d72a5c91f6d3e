import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import { NpsQuestionsQuery } from './nps-questions.query.js';

/** GET /questions/nps (the NPS panel, 000 §4.8; honours x-min-position). */
@Controller('questions')
export class NpsQuestionsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('nps')
  @Authorized()
  nps(@CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new NpsQuestionsQuery(requireUser(req.principal), req));
  }
}
