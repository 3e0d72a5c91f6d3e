import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import { calendarQuerySchema, type Calendar } from '../../contracts/index.js';
import { GetCalendarQuery } from './get-calendar.query.js';

@Controller()
export class GetCalendarController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('booking/staff/calendar')
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  calendar(@ZodQuery(calendarQuerySchema) query: { locationId: string; month: string }, @CurrentRequest() req: PortalRequest): Promise<Calendar> {
    return this.queries.execute(new GetCalendarQuery(query.locationId, query.month, req));
  }
}
