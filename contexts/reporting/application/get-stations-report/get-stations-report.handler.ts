import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { StationsReportPage, StationsReportRow } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetStationsReportQuery } from './get-stations-report.query.js';

/** GET /api/reports/stations (001 §2 stations-report, ADR 0070): one page of station visits per learner and station under the caller's scope, filters, sort and "as of". */
@QueryHandler(GetStationsReportQuery)
export class GetStationsReportHandler implements IQueryHandler<GetStationsReportQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetStationsReportQuery): Promise<StationsReportPage> {
    const report = SERVER_REPORTS.stations;
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page<StationsReportRow>(report, prepared, query);
    return { report: report.name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
