import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findLocation } from '@portal/projection-booking-locations';
import type { Location } from '../../contracts/index.js';
import { toLocation } from '../shared/location-view.js';
import { GetLocationQuery } from './get-location.query.js';

@QueryHandler(GetLocationQuery)
export class GetLocationHandler implements IQueryHandler<GetLocationQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ locationId, activeOnly, req }: GetLocationQuery): Promise<Location> {
    await waitForReads(this.projections, req, ['booking-locations']);
    const row = await findLocation(this.projections.reader('booking-locations'), locationId);
    if (!row || (activeOnly && !row.active)) throw new AppError('404');
    return toLocation(row.locationId, row, row.createdAt, row.updatedAt);
  }
}
