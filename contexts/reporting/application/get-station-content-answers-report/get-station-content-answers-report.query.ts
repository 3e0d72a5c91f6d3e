import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { StationContentAnswersReportPage, StationContentAnswersReportQuery } from '../../contracts/index.js';

export class GetStationContentStationContentAnswersReportQuery extends Query<StationContentAnswersReportPage> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: StationContentAnswersReportQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
