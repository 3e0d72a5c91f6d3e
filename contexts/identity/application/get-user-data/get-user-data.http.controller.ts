import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import type { UserData } from '../../contracts/index.js';
import { GetUserDataQuery } from './get-user-data.query.js';

@Controller()
export class GetUserDataController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('userData')
  @Authorized({ allowIncomplete: true })
  userData(@CurrentRequest() req: PortalRequest): Promise<UserData> {
    return this.queries.execute(new GetUserDataQuery(requireUser(req.principal).userId, req));
  }
}
