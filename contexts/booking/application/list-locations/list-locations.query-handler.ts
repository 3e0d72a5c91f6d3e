import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listLocations } from '@portal/projection-booking-locations';
import type { Location } from '../../contracts/index.js';
import { toLocation } from '../shared/location-view.js';
import { ListLocationsQuery } from './list-locations.query.js';

@QueryHandler(ListLocationsQuery)
export class ListLocationsHandler implements IQueryHandler<ListLocationsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ filter, req }: ListLocationsQuery): Promise<Location[]> {
    await waitForReads(this.projections, req, ['booking-locations']);
    const rows = await listLocations(this.projections.reader('booking-locations'), filter);
    return rows.map((r) => toLocation(r.locationId, r, r.createdAt, r.updatedAt));
  }
}
