import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { dashboardCompanies } from '@portal/projection-manager-dashboard';
import type { DashboardCompanies } from '../../contracts/index.js';
import { dashboardScopeOf } from '../shared/dashboard-access.js';
import { ListDashboardCompaniesQuery } from './list-dashboard-companies.query.js';

/** GET /api/manager/dashboard/companies: the dashboard's company picker (every company with manage_all_companies, else the caller's own). */
@QueryHandler(ListDashboardCompaniesQuery)
export class ListDashboardCompaniesHandler implements IQueryHandler<ListDashboardCompaniesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal }: ListDashboardCompaniesQuery): Promise<DashboardCompanies> {
    const scope = dashboardScopeOf(principal);
    const reader = this.projections.reader('manager-dashboard');
    return { companies: await dashboardCompanies(reader, scope.kind === 'company' ? scope.companyId : undefined) };
  }
}
