import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { StationScoresReportPage, StationScoresReportRow } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetStationScoresReportQuery } from './get-station-scores-report.query.js';

/** GET /api/reports/station-scores (001 §2 stations-score-report, ADR 0070): one page of scores per learner and station (answer and usability scores, the score detail), under the caller's scope, filters, sort and "as of". */
@QueryHandler(GetStationScoresReportQuery)
export class GetStationScoresReportHandler implements IQueryHandler<GetStationScoresReportQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetStationScoresReportQuery): Promise<StationScoresReportPage> {
    const report = SERVER_REPORTS['station-scores'];
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page<StationScoresReportRow>(report, prepared, query);
    return { report: report.name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
