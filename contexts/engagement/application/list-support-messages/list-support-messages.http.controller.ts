import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { supportListQuerySchema, type SupportList } from '../../contracts/index.js';
import { ListSupportMessagesQuery } from './list-support-messages.query.js';

@Controller('support')
export class ListSupportMessagesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Company staff (their company's senders), manage_all_companies and the auditor; the scope is the handler's (managerReadScope). */
  @Get('messages')
  @Authorized()
  list(@ZodQuery(supportListQuerySchema) q: z.infer<typeof supportListQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<SupportList> {
    return this.queries.execute(new ListSupportMessagesQuery(requireUser(req.principal), { limit: q.limit, offset: q.offset }, req));
  }
}
