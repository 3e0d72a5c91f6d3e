import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { companiesReportQuerySchema, type CompaniesReportPage, type CompaniesReportQuery } from '../../contracts/index.js';
import { GetCompaniesReportQuery } from './get-companies-report.query.js';

@Controller('reports/companies-report')
export class GetCompaniesReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope (403 outside it, 404 for another company). */
  @Get()
  @Authorized()
  page(@ZodQuery(companiesReportQuerySchema) q: CompaniesReportQuery, @CurrentRequest() req: PortalRequest): Promise<CompaniesReportPage> {
    return this.queries.execute(new GetCompaniesReportQuery(requireUser(req.principal), q, req));
  }
}
