import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { ReportCompanies } from '../../contracts/index.js';
import { currentCompanies } from '../shared/current-companies.js';
import { reportScopeOf } from '../shared/report-access.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ListReportCompaniesQuery } from './list-report-companies.query.js';

/** GET /api/reports/companies: the companies as the answers report knows them now, within the caller's scope, by name. */
@QueryHandler(ListReportCompaniesQuery)
export class ListReportCompaniesHandler implements IQueryHandler<ListReportCompaniesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal }: ListReportCompaniesQuery): Promise<ReportCompanies> {
    const scope = reportScopeOf(principal);
    return { companies: await currentCompanies(this.projections, SERVER_REPORTS.answers.projection, scope.kind === 'company' ? scope.companyId : undefined) };
  }
}
