import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MessagingReportPage, MessagingReportRow } from '../../contracts/index.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { ReportReader } from '../shared/report-reader.js';
import { GetMessagingReportQuery } from './get-messaging-report.query.js';

/** GET /api/reports/messaging (001 §2 whatsapp-messages, ADR 0070, 0073): one page of user messages and our responses under the caller's messaging scope (manage_whatsapp), filters, sort and "as of". */
@QueryHandler(GetMessagingReportQuery)
export class GetMessagingReportHandler implements IQueryHandler<GetMessagingReportQuery> {
  constructor(@Inject(ReportReader) private readonly reader: ReportReader) {}

  async execute({ principal, query, req }: GetMessagingReportQuery): Promise<MessagingReportPage> {
    const report = SERVER_REPORTS.messaging;
    const prepared = await this.reader.prepare(principal, report, query, req);
    const { rows, total } = await this.reader.page<MessagingReportRow>(report, prepared, query);
    return { report: report.name, asOf: prepared.asOf, page: query.page, pageSize: query.pageSize, total, rows };
  }
}
