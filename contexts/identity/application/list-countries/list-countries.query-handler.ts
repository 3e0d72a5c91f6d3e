import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { countriesResponseSchema } from '../../contracts/index.js';
import { countriesFor } from '../shared/countries.js';
import { ListCountriesQuery } from './list-countries.query.js';

/** The 16 countries of 000 §1, sorted by display name in the asked language. */
@QueryHandler(ListCountriesQuery)
export class ListCountriesHandler implements IQueryHandler<ListCountriesQuery> {
  async execute({ lang }: ListCountriesQuery): Promise<z.infer<typeof countriesResponseSchema>> {
    return countriesFor(lang);
  }
}
