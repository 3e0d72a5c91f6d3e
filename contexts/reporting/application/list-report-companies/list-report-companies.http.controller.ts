import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, type PortalRequest } from '@portal/platform';
import type { ReportCompanies } from '../../contracts/index.js';
import { ListReportCompaniesQuery } from './list-report-companies.query.js';

@Controller('reports/companies')
export class ListReportCompaniesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope (403 outside it). */
  @Get()
  @Authorized()
  list(@CurrentRequest() req: PortalRequest): Promise<ReportCompanies> {
    return this.queries.execute(new ListReportCompaniesQuery(requireUser(req.principal)));
  }
}
