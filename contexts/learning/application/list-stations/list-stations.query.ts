import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { StationSummary } from '../../contracts/index.js';

/** GET /stations?area=&routeArea= (000 §2.5 side menu): the stations the caller may open. */
export class ListStationsQuery extends Query<StationSummary[]> {
  constructor(
    readonly principal: Principal,
    readonly filter: { area?: string | undefined; routeArea?: string | undefined },
    readonly request: PortalRequest,
  ) {
    super();
  }
}
