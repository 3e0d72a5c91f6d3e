import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AnswersReportPage, AnswersReportRow } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetAnswersReportQuery } from './get-answers-report.query.js';

/** GET /api/reports/answers (001 §2 answers-report, ADR 0070): one page of answers under the caller's scope, filters, sort and "as of". */
@QueryHandler(GetAnswersReportQuery)
export class GetAnswersReportHandler implements IQueryHandler<GetAnswersReportQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetAnswersReportQuery): Promise<AnswersReportPage> {
    const report = SERVER_REPORTS.answers;
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page<AnswersReportRow>(report, prepared, query);
    return { report: report.name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
