import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ExpertQuestionsReportPage, ExpertQuestionsReportRow } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetExpertQuestionsReportQuery } from './get-expert-questions-report.query.js';

/** GET /api/reports/expert-questions (001 §2 expert-ask-question, ADR 0070, 0072): one page of questions to the experts under the caller's scope, filters, sort and "as of". */
@QueryHandler(GetExpertQuestionsReportQuery)
export class GetExpertQuestionsReportHandler implements IQueryHandler<GetExpertQuestionsReportQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetExpertQuestionsReportQuery): Promise<ExpertQuestionsReportPage> {
    const report = SERVER_REPORTS['expert-questions'];
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page<ExpertQuestionsReportRow>(report, prepared, query);
    return { report: report.name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
