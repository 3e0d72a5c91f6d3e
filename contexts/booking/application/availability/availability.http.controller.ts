import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, Public, ZodQuery, type PortalRequest } from '@portal/platform';
import { availabilityQuerySchema, type Availability, type AvailabilityQuery } from '../../contracts/index.js';
import { minPositionOf } from '../shared/request-info.js';
import { GetAvailabilityQuery } from './availability.query.js';

@Controller()
export class AvailabilityController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('booking/availability')
  @Public()
  availability(@ZodQuery(availabilityQuerySchema) query: AvailabilityQuery, @CurrentRequest() req: PortalRequest): Promise<Availability> {
    return this.queries.execute(new GetAvailabilityQuery(query, minPositionOf(req)));
  }
}
