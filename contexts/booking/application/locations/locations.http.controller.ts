import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, Public, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import {
  langQuerySchema,
  locationIdParamsSchema,
  locationsQuerySchema,
  type BookingCountry,
  type Location,
} from '../../contracts/index.js';
import { localeOf, minPositionOf } from '../shared/request-info.js';
import { GetLocationQuery, ListCountriesQuery, ListLocationsQuery } from './locations.queries.js';

@Controller()
export class LocationsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('booking/countries')
  @Public()
  countries(@ZodQuery(langQuerySchema) query: { lang?: string }, @CurrentRequest() req: PortalRequest): Promise<BookingCountry[]> {
    return this.queries.execute(new ListCountriesQuery(localeOf(req, query.lang), minPositionOf(req)));
  }

  @Get('locations')
  @Public()
  locations(@ZodQuery(locationsQuerySchema) query: { country?: string }, @CurrentRequest() req: PortalRequest): Promise<Location[]> {
    return this.queries.execute(new ListLocationsQuery({ ...(query.country ? { country: query.country } : {}), activeOnly: true }, minPositionOf(req)));
  }

  @Get('locations/:locationId')
  @Public()
  location(@ZodParams(locationIdParamsSchema) params: { locationId: string }, @CurrentRequest() req: PortalRequest): Promise<Location> {
    return this.queries.execute(new GetLocationQuery(params.locationId, true, minPositionOf(req)));
  }

  @Get('booking/staff/locations')
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  staffLocations(@CurrentRequest() req: PortalRequest): Promise<Location[]> {
    return this.queries.execute(new ListLocationsQuery({ activeOnly: false }, minPositionOf(req)));
  }
}
