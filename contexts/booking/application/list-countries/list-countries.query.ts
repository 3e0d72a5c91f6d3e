import { Query } from '@nestjs/cqrs';
import type { Locale } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { BookingCountry } from '../../contracts/index.js';

export class ListCountriesQuery extends Query<BookingCountry[]> {
  constructor(
    readonly locale: Locale,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
