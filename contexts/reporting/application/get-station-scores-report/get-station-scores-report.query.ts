import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { StationScoresReportPage, StationScoresReportQuery } from '../../contracts/index.js';

export class GetStationScoresReportQuery extends Query<StationScoresReportPage> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: StationScoresReportQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
