import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { StationContentAnswersReportPage, StationContentAnswersReportRow } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetStationContentStationContentAnswersReportQuery } from './get-station-content-answers-report.query.js';

/** GET /api/reports/station-content-answers (001 §2 stations-content-answers-report, ADR 0070): one page of media-question answers per learner and entry under the caller's scope, filters, sort and "as of". */
@QueryHandler(GetStationContentStationContentAnswersReportQuery)
export class GetStationContentAnswersReportHandler implements IQueryHandler<GetStationContentStationContentAnswersReportQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetStationContentStationContentAnswersReportQuery): Promise<StationContentAnswersReportPage> {
    const report = SERVER_REPORTS['station-content-answers'];
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page<StationContentAnswersReportRow>(report, prepared, query);
    return { report: report.name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
