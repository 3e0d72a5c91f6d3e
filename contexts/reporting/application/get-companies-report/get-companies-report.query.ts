import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { CompaniesReportPage, CompaniesReportQuery } from '../../contracts/index.js';

export class GetCompaniesReportQuery extends Query<CompaniesReportPage> {
  constructor(
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: CompaniesReportQuery,
    readonly req: PortalRequest,
  ) {
    super();
  }
}
