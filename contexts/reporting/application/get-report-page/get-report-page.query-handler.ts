import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetReportPageQuery, type ReportPageAnswer } from './get-report-page.query.js';

/** GET /api/reports/:report (ADR 0070, 0085): one page of any report under the caller's scope, filters, sort and "as of". */
@QueryHandler(GetReportPageQuery)
export class GetReportPageHandler implements IQueryHandler<GetReportPageQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ report: name, principal, query, req }: GetReportPageQuery): Promise<ReportPageAnswer> {
    const report = SERVER_REPORTS[name];
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page(report, prepared, query);
    return { report: name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
