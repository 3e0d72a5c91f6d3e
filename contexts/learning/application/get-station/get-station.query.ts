import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { StationDetail } from '../../contracts/index.js';

/** GET /stations/:stationId: a station page with the learner's state (guests: guest stations). */
export class GetStationQuery extends Query<StationDetail> {
  constructor(
    readonly principal: Principal,
    readonly stationId: string,
    readonly request: PortalRequest,
  ) {
    super();
  }
}
