import { Query } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { DashboardCompanies } from '../../contracts/index.js';

export class ListDashboardCompaniesQuery extends Query<DashboardCompanies> {
  constructor(readonly principal: Extract<Principal, { kind: 'user' }>) {
    super();
  }
}
