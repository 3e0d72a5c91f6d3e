import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { managerDashboardQuerySchema, type ManagerDashboard, type ManagerDashboardQuery } from '../../contracts/index.js';
import { GetManagerDashboardQuery } from './get-manager-dashboard.query.js';

@Controller('manager/dashboard')
export class GetManagerDashboardController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the dashboard scope (403 outside it, 404 for another company). */
  @Get()
  @Authorized()
  dashboard(@ZodQuery(managerDashboardQuerySchema) q: ManagerDashboardQuery, @CurrentRequest() req: PortalRequest): Promise<ManagerDashboard> {
    return this.queries.execute(new GetManagerDashboardQuery(requireUser(req.principal), q.companyId, req));
  }
}
