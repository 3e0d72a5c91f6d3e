import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, Public, ZodParams, type PortalRequest } from '@portal/platform';
import { locationIdParamsSchema, type Location } from '../../contracts/index.js';
import { GetLocationQuery } from './get-location.query.js';

@Controller()
export class GetLocationController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** One active location; anonymous. */
  @Get('locations/:locationId')
  @Public()
  location(@ZodParams(locationIdParamsSchema) params: { locationId: string }, @CurrentRequest() req: PortalRequest): Promise<Location> {
    return this.queries.execute(new GetLocationQuery(params.locationId, true, req));
  }
}
