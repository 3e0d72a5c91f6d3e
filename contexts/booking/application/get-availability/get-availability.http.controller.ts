import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, Public, ZodQuery, type PortalRequest } from '@portal/platform';
import { availabilityQuerySchema, type Availability, type AvailabilityQuery } from '../../contracts/index.js';
import { GetAvailabilityQuery } from './get-availability.query.js';

@Controller()
export class GetAvailabilityController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('booking/availability')
  @Public()
  availability(@ZodQuery(availabilityQuerySchema) query: AvailabilityQuery, @CurrentRequest() req: PortalRequest): Promise<Availability> {
    return this.queries.execute(new GetAvailabilityQuery(query, req));
  }
}
