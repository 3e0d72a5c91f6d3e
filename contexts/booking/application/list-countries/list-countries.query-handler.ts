import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { countriesWithLocations } from '@portal/projection-booking-locations';
import type { BookingCountry } from '../../contracts/index.js';
import { countryName } from '../shared/countries.js';
import { ListCountriesQuery } from './list-countries.query.js';

/** 001 §7: countries with training centers, sorted by their display name in the reader's language. */
@QueryHandler(ListCountriesQuery)
export class ListCountriesHandler implements IQueryHandler<ListCountriesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ locale, req }: ListCountriesQuery): Promise<BookingCountry[]> {
    await waitForReads(this.projections, req, ['booking-locations']);
    const rows = await countriesWithLocations(this.projections.reader('booking-locations'));
    const collator = new Intl.Collator(locale);
    return rows
      .map((r) => ({ country: r.country, displayName: countryName(r.country, locale), locations: r.locations }))
      .sort((a, b) => collator.compare(a.displayName, b.displayName) || a.country.localeCompare(b.country));
  }
}
