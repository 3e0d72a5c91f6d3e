import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import type { ExpertMe } from '../../contracts/index.js';
import { GetExpertMeQuery } from './get-expert-me.query.js';

@Controller('expert/me')
export class GetExpertMeController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Any signed-in user with a complete profile, about themselves. */
  @Get()
  @Authorized()
  me(@CurrentRequest() req: PortalRequest): Promise<ExpertMe> {
    return this.queries.execute(new GetExpertMeQuery(requireUser(req.principal).userId, req));
  }
}
