import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { ReportCompanies } from '../../contracts/index.js';

export class ListReportCompaniesQuery extends Query<ReportCompanies> {
  constructor(readonly principal: Extract<Principal, { kind: 'user' }>) {
    super();
  }
}
