import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CompaniesReportPage, CompaniesReportRow } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetCompaniesReportQuery } from './get-companies-report.query.js';

/** GET /api/reports/companies-report (001 §2 companies, ADR 0070): one page of companies (001 §3 fields, users, active users, completions); a company manager gets their company's row only, under the caller's scope, filters, sort and "as of". */
@QueryHandler(GetCompaniesReportQuery)
export class GetCompaniesReportHandler implements IQueryHandler<GetCompaniesReportQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetCompaniesReportQuery): Promise<CompaniesReportPage> {
    const report = SERVER_REPORTS['companies-report'];
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page<CompaniesReportRow>(report, prepared, query);
    return { report: report.name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
