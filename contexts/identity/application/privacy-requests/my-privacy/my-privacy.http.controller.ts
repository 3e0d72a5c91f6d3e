import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import type { MyPrivacy } from '../../../contracts/index.js';
import { MyPrivacyQuery } from './my-privacy.query.js';

/** Any signed-in user, complete profile or not: the rights do not wait for a finished registration. */
@Controller('privacy/me')
export class MyPrivacyController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @Authorized({ allowIncomplete: true })
  mine(@CurrentRequest() req: PortalRequest): Promise<MyPrivacy> {
    return this.queries.execute(new MyPrivacyQuery(requireUser(req.principal).userId));
  }
}
