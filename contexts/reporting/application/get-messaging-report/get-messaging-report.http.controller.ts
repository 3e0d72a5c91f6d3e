import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { messagingReportQuerySchema, type MessagingReportPage, type MessagingReportQuery } from '../../contracts/index.js';
import { GetMessagingReportQuery } from './get-messaging-report.query.js';

@Controller('reports/messaging')
export class GetMessagingReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the messaging scope (manage_whatsapp: 403 without it, 404 for another company). */
  @Get()
  @Authorized()
  page(@ZodQuery(messagingReportQuerySchema) q: MessagingReportQuery, @CurrentRequest() req: PortalRequest): Promise<MessagingReportPage> {
    return this.queries.execute(new GetMessagingReportQuery(requireUser(req.principal), q, req));
  }
}
