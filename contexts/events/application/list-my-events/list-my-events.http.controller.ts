import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import { myEventsQuerySchema, type ScheduledEventList } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ListMyEventsQuery } from './list-my-events.query.js';

type MineQuery = ReturnType<typeof myEventsQuerySchema.parse>;

/** My events: signed-in people (not the auditor). */
@Controller('scheduledEvents')
export class ListMyEventsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('mine')
  @EventsArea('attendee')
  mine(@ZodQuery(myEventsQuerySchema) query: MineQuery, @CurrentRequest() req: PortalRequest): Promise<ScheduledEventList> {
    return this.queries.execute(new ListMyEventsQuery(query.when, { limit: query.limit, offset: query.offset }, req));
  }
}
