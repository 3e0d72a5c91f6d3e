import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, type Locale } from '@portal/kernel';
import type { Checkpoint } from '@portal/eventstore';
import { countriesWithLocations, findLocation, listLocations } from '@portal/projection-booking-locations';
import type { BookingCountry, Location } from '../../contracts/index.js';
import { countryName } from '../shared/countries.js';
import { toLocation } from './location-view.js';
import { BookingReadModels } from '../shared/read-models.js';

export class ListLocationsQuery extends Query<Location[]> {
  constructor(
    readonly filter: { country?: string; activeOnly: boolean },
    readonly minPosition: Checkpoint | null,
  ) {
    super();
  }
}

export class GetLocationQuery extends Query<Location> {
  constructor(
    readonly locationId: string,
    readonly activeOnly: boolean,
    readonly minPosition: Checkpoint | null,
  ) {
    super();
  }
}

export class ListCountriesQuery extends Query<BookingCountry[]> {
  constructor(
    readonly locale: Locale,
    readonly minPosition: Checkpoint | null,
  ) {
    super();
  }
}

const READ_MODEL = 'booking-locations';

@QueryHandler(ListLocationsQuery)
export class ListLocationsHandler implements IQueryHandler<ListLocationsQuery> {
  constructor(@Inject(BookingReadModels) private readonly readModels: BookingReadModels) {}

  async execute({ filter, minPosition }: ListLocationsQuery): Promise<Location[]> {
    await this.readModels.waitFor([READ_MODEL], minPosition);
    const rows = await listLocations(this.readModels.reader(READ_MODEL), filter);
    return rows.map((r) => toLocation(r.locationId, r, r.createdAt, r.updatedAt));
  }
}

@QueryHandler(GetLocationQuery)
export class GetLocationHandler implements IQueryHandler<GetLocationQuery> {
  constructor(@Inject(BookingReadModels) private readonly readModels: BookingReadModels) {}

  async execute({ locationId, activeOnly, minPosition }: GetLocationQuery): Promise<Location> {
    await this.readModels.waitFor([READ_MODEL], minPosition);
    const row = await findLocation(this.readModels.reader(READ_MODEL), locationId);
    if (!row || (activeOnly && !row.active)) throw new AppError('404');
    return toLocation(row.locationId, row, row.createdAt, row.updatedAt);
  }
}

/** 001 §7: countries with training centers, sorted by their display name in the reader's language. */
@QueryHandler(ListCountriesQuery)
export class ListCountriesHandler implements IQueryHandler<ListCountriesQuery> {
  constructor(@Inject(BookingReadModels) private readonly readModels: BookingReadModels) {}

  async execute({ locale, minPosition }: ListCountriesQuery): Promise<BookingCountry[]> {
    await this.readModels.waitFor([READ_MODEL], minPosition);
    const rows = await countriesWithLocations(this.readModels.reader(READ_MODEL));
    const collator = new Intl.Collator(locale);
    return rows
      .map((r) => ({ country: r.country, displayName: countryName(r.country, locale), locations: r.locations }))
      .sort((a, b) => collator.compare(a.displayName, b.displayName) || a.country.localeCompare(b.country));
  }
}
