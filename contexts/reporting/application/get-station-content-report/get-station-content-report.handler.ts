import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { StationContentReportPage, StationContentReportRow } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetStationContentReportQuery } from './get-station-content-report.query.js';

/** GET /api/reports/station-content (001 §2 stations-content-report, ADR 0070): one page of views, plays and completions per learner and entry under the caller's scope, filters, sort and "as of". */
@QueryHandler(GetStationContentReportQuery)
export class GetStationContentReportHandler implements IQueryHandler<GetStationContentReportQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetStationContentReportQuery): Promise<StationContentReportPage> {
    const report = SERVER_REPORTS['station-content'];
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page<StationContentReportRow>(report, prepared, query);
    return { report: report.name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
