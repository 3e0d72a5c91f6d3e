import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PassThrough } from 'node:stream';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { appendContextOf, CLOCK, EVENT_STORE, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { filterLabels } from '../shared/filter-labels.js';
import { SERVER_REPORTS } from '../shared/report-definitions.js';
import { recordReportExport } from '../shared/report-exports.js';
import { REPORT_CONTENT_TYPES, reportFileName, writeReportFile, type ReportFile } from '../shared/report-file.js';
import { filtersOf, ReportReader } from '../shared/report-reader.js';
import { ExportReportCommand, type ReportDownload } from './export-report.command.js';

/**
 * GET /api/reports/:report/export (ADR 0070): the report's rows under the caller's scope and
 * filters, read from a database cursor and written row by row into the answer (CSV or XLSX), the
 * filters in the file's first rows. When the file is written (or the download is cut off) the
 * export is recorded as ReportExported with the rows written.
 */
@CommandHandler(ExportReportCommand)
export class ExportReportHandler implements ICommandHandler<ExportReportCommand> {
  constructor(
    @Inject(ReportReader) private readonly reader: ReportReader,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ report: name, principal, query, req }: ExportReportCommand): Promise<ReportDownload> {
    const report = SERVER_REPORTS[name];
    const prepared = await this.reader.prepare(principal, report, query, req);
    const exportedAt = this.clock.now();
    const filters = filtersOf(query);
    const file: ReportFile = {
      report: name,
      columns: report.columns,
      lang: query.lang,
      format: query.format,
      filters,
      labels: await filterLabels(this.projections, report.projection, filters, query.lang),
      asOf: prepared.asOf,
      exportedAt,
      rows: this.reader.rows(report, prepared),
    };
    const body = new PassThrough();
    const context = appendContextOf(req, principal);
    const who = { by: principal.userId, scopeCompanyId: prepared.read.scopeCompanyId };
    void writeReportFile(file, body).then(
      (outcome) => recordReportExport(this.store, this.clock, file, outcome, who, context),
      async (error: unknown) => {
        body.destroy(error instanceof Error ? error : new Error(String(error)));
        await recordReportExport(this.store, this.clock, file, { rows: 0, complete: false }, who, context).catch(() => undefined);
      },
    );
    return { fileName: reportFileName(name, query.format, exportedAt), contentType: REPORT_CONTENT_TYPES[query.format], body };
  }
}
