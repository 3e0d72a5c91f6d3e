import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, minPositionOf, requireUser, type PortalRequest } from '@portal/platform';
import type { UserData } from '../../contracts/index.js';
import { GetUserDataQuery } from './user-data.query.js';

@Controller()
export class UserDataController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('userData')
  @Authorized({ allowIncomplete: true })
  async userData(@CurrentRequest() req: PortalRequest): Promise<UserData> {
    const user = requireUser(req.principal);
    return this.queries.execute(new GetUserDataQuery(user.userId, minPositionOf(req)));
  }
}
