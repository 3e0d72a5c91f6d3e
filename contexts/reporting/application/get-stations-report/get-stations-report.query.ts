import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { StationsReportPage, StationsReportQuery } from '../../contracts/index.js';

export class GetStationsReportQuery extends Query<StationsReportPage> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: StationsReportQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
