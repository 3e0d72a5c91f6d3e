import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import type { DashboardCompanies } from '../../contracts/index.js';
import { ListDashboardCompaniesQuery } from './list-dashboard-companies.query.js';

@Controller('manager/dashboard/companies')
export class ListDashboardCompaniesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the dashboard scope (403 outside it). */
  @Get()
  @Authorized()
  companies(@CurrentRequest() req: PortalRequest): Promise<DashboardCompanies> {
    return this.queries.execute(new ListDashboardCompaniesQuery(requireUser(req.principal)));
  }
}
