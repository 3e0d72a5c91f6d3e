import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, Public, ZodQuery, type PortalRequest } from '@portal/platform';
import { langQuerySchema, type BookingCountry } from '../../contracts/index.js';
import { localeOf } from '../shared/request-info.js';
import { ListCountriesQuery } from './list-countries.query.js';

@Controller()
export class ListCountriesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('booking/countries')
  @Public()
  countries(@ZodQuery(langQuerySchema) query: { lang?: string }, @CurrentRequest() req: PortalRequest): Promise<BookingCountry[]> {
    return this.queries.execute(new ListCountriesQuery(localeOf(req, query.lang), req));
  }
}
