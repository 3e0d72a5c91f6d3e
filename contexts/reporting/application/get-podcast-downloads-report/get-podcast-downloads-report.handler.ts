import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PodcastDownloadsReportPage, PodcastDownloadsReportRow } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetPodcastDownloadsReportQuery } from './get-podcast-downloads-report.query.js';

/** GET /api/reports/podcast-downloads (001 §2 ctb-cast-dowload-status, ADR 0070): one page of podcast episode downloads under the caller's scope, filters, sort and "as of". */
@QueryHandler(GetPodcastDownloadsReportQuery)
export class GetPodcastDownloadsReportHandler implements IQueryHandler<GetPodcastDownloadsReportQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetPodcastDownloadsReportQuery): Promise<PodcastDownloadsReportPage> {
    const report = SERVER_REPORTS['podcast-downloads'];
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page<PodcastDownloadsReportRow>(report, prepared, query);
    return { report: report.name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
