import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { companiesTable, tableIn } from '@portal/projection-report-kit';
import type { ReportCompanies } from '../../contracts/index.js';
import { reportScopeOf } from '../shared/report-access.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ListReportCompaniesQuery } from './list-report-companies.query.js';

/** GET /api/reports/companies: the companies as the answers report knows them now, within the caller's scope, by name. */
@QueryHandler(ListReportCompaniesQuery)
export class ListReportCompaniesHandler implements IQueryHandler<ListReportCompaniesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ principal }: ListReportCompaniesQuery): Promise<ReportCompanies> {
    const scope = reportScopeOf(principal);
    const projection = SERVER_REPORTS.answers.projection;
    const table = tableIn(this.projections.schemaOf(projection), companiesTable.name);
    const only = scope.kind === 'company' ? sql`and company_id = ${scope.companyId}` : sql``;
    const rows = await sql<{ company_id: string; name: string }>`select company_id, name from ${table} where valid_to is null ${only} order by name, company_id`.execute(this.projections.reader(projection));
    return { companies: rows.rows.map((r) => ({ companyId: r.company_id, name: r.name })) };
  }
}
