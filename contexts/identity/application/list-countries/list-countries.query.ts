import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { z } from 'zod';
import type { countriesResponseSchema } from '../../contracts/index.js';

export class ListCountriesQuery extends Query<z.infer<typeof countriesResponseSchema>> {
  constructor(readonly lang: Locale | undefined) {
    super();
  }
}
