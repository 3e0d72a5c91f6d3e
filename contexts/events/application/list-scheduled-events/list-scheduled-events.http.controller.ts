import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import { scheduledEventListQuerySchema, type ScheduledEventList } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ListScheduledEventsQuery } from './list-scheduled-events.query.js';

type ListQuery = ReturnType<typeof scheduledEventListQuerySchema.parse>;

/** 001 §7 GET /scheduledEvents/all: tc_admin and tc_manager see every event. */
@Controller('scheduledEvents')
export class ListScheduledEventsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('all')
  @EventsArea('staff')
  list(@ZodQuery(scheduledEventListQuerySchema) query: ListQuery, @CurrentRequest() req: PortalRequest): Promise<ScheduledEventList> {
    const { limit, offset, ...filter } = query;
    return this.queries.execute(new ListScheduledEventsQuery(filter, { limit, offset }, req));
  }
}
