import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodParams, type PortalRequest } from '@portal/platform';
import { eventIdParamsSchema, type ScheduledEvent } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { GetScheduledEventQuery } from './get-scheduled-event.query.js';

/** 001 §7 GET /scheduledEvents/{id}: staff, and attendees for the published view (/scheduled-events/published/:id). */
@Controller('scheduledEvents')
export class GetScheduledEventController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id')
  @EventsArea('attendee')
  get(@ZodParams(eventIdParamsSchema) params: { id: string }, @CurrentRequest() req: PortalRequest): Promise<ScheduledEvent> {
    return this.queries.execute(new GetScheduledEventQuery(params.id, req));
  }
}
