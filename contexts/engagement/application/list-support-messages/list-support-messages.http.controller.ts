import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { supportListQuerySchema, type SupportList } from '../../contracts/index.js';
import { ListSupportMessagesQuery } from './list-support-messages.query.js';

@Controller('support')
export class ListSupportMessagesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('messages')
  @Authorized({ roles: ['company_admin', 'tc_admin', 'auditor'] })
  list(@ZodQuery(supportListQuerySchema) q: z.infer<typeof supportListQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<SupportList> {
    return this.queries.execute(new ListSupportMessagesQuery({ limit: q.limit, offset: q.offset }, req));
  }
}
