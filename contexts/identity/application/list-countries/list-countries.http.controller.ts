import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public, ZodQuery } from '@portal/platform';
import type { z } from 'zod';
import { countriesQuerySchema, type countriesResponseSchema } from '../../contracts/index.js';
import { ListCountriesQuery } from './list-countries.query.js';

/** Public: the registration form needs it before sign-in. */
@Controller()
export class ListCountriesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('countries')
  @Public()
  countries(@ZodQuery(countriesQuerySchema) q: z.infer<typeof countriesQuerySchema>): Promise<z.infer<typeof countriesResponseSchema>> {
    return this.queries.execute(new ListCountriesQuery(q.lang));
  }
}
