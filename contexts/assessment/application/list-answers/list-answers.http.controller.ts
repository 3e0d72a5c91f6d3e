import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import { ListAnswersQuery } from './list-answers.query.js';

/** 000 §7 GET /user-store/all-answers: the caller's current answer to every question answered (honours x-min-position). */
@Controller('user-store')
export class ListAnswersController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('all-answers')
  @Authorized()
  all(@CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new ListAnswersQuery(requireUser(req.principal).userId, req));
  }
}
