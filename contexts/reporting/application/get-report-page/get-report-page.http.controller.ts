import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { Authorized, CurrentRequest, parseInput, requireUser, type PortalRequest } from '@portal/platform';
import { isReportName, SERVER_REPORTS } from '../shared/report-definitions.js';
import type { ReportQueryInput } from '../shared/report-reader.js';
import { GetReportPageQuery, type ReportPageAnswer } from './get-report-page.query.js';

@Controller('reports')
export class GetReportPageController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /**
   * GET /api/reports/<report>?<filters>&sort&dir&page&pageSize&lang: every report's page (the
   * contract of each is its definition's page query, `reportPageRoutes`). Signed-in users; the
   * handler applies the report's scope (403 outside it, 404 for another company). An unknown
   * report answers 404; the static routes (/reports/companies) match before this one.
   */
  @Get(':report')
  @Authorized()
  page(@Param('report') name: string, @Query() raw: unknown, @CurrentRequest() req: PortalRequest): Promise<ReportPageAnswer> {
    const user = requireUser(req.principal);
    if (!isReportName(name)) throw new AppError('404');
    const query = parseInput(SERVER_REPORTS[name].pageQuery, raw) as ReportQueryInput & { page: number; pageSize: number };
    return this.queries.execute(new GetReportPageQuery(name, user, query, req));
  }
}
