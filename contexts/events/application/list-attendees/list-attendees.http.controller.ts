import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodParams, type PortalRequest } from '@portal/platform';
import { eventIdParamsSchema, type AttendeeList } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ListAttendeesQuery } from './list-attendees.query.js';

/** tc_admin and tc_manager. */
@Controller('scheduledEvents')
export class ListAttendeesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id/attendees')
  @EventsArea('staff')
  attendees(@ZodParams(eventIdParamsSchema) params: { id: string }, @CurrentRequest() req: PortalRequest): Promise<AttendeeList> {
    return this.queries.execute(new ListAttendeesQuery(params.id, req));
  }
}
