import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ZodParams } from '@portal/platform';
import { eventIdParamsSchema, type EventAudit } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { AuditEventQuery } from './audit-event.query.js';

/** The auditor only. */
@Controller('scheduledEvents')
export class AuditEventController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id/audit')
  @EventsArea('audit')
  audit(@ZodParams(eventIdParamsSchema) params: { id: string }): Promise<EventAudit> {
    return this.queries.execute(new AuditEventQuery(params.id));
  }
}
