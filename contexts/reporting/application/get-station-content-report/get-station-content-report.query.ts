import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { StationContentReportPage, StationContentReportQuery } from '../../contracts/index.js';

export class GetStationContentReportQuery extends Query<StationContentReportPage> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: StationContentReportQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
