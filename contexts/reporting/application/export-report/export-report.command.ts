import { Command } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type { Principal } from '@portal/kernel';
import type { PortalRequest } from '@portal/platform';
import type { ReportFormat, ReportName } from '../../contracts/index.js';
import type { ReportQueryInput } from '../shared/report-reader.js';

/** A report file on its way: its name and type, and the body written as the rows are read. */
export interface ReportDownload {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** Export one report (CSV or XLSX) under the caller's scope; recorded as ReportExported when written. */
export class ExportReportCommand extends Command<ReportDownload> {
  constructor(
    readonly report: ReportName,
    readonly principal: Extract<Principal, { kind: 'user' }>,
    readonly query: ReportQueryInput & { format: ReportFormat },
    readonly req: PortalRequest,
  ) {
    super();
  }
}
