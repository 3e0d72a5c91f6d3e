import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, Public, ZodQuery, type PortalRequest } from '@portal/platform';
import { locationsQuerySchema, type Location } from '../../contracts/index.js';
import { ListLocationsQuery } from './list-locations.query.js';

@Controller()
export class ListLocationsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** 001 §7: the active locations, of one country or all; anonymous. */
  @Get('locations')
  @Public()
  locations(@ZodQuery(locationsQuerySchema) query: { country?: string }, @CurrentRequest() req: PortalRequest): Promise<Location[]> {
    return this.queries.execute(new ListLocationsQuery({ ...(query.country ? { country: query.country } : {}), activeOnly: true }, req));
  }

  /** Every location, inactive ones included (the staff screens). */
  @Get('booking/staff/locations')
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  staffLocations(@CurrentRequest() req: PortalRequest): Promise<Location[]> {
    return this.queries.execute(new ListLocationsQuery({ activeOnly: false }, req));
  }
}
