import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { Authorized, CurrentRequest, parseInput, requireUser, type PortalRequest } from '@portal/platform';
import { isReportName, SERVER_REPORTS } from '../shared/report-definitions.js';
import type { ReportQueryInput } from '../shared/report-reader.js';
import { ExportReportCommand } from './export-report.command.js';

/** The file answer streams, so this route keeps the raw reply. */
interface FileReply {
  header(name: string, value: string): FileReply;
  send(payload?: unknown): unknown;
}

@Controller('reports')
export class ExportReportController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /**
   * GET /api/reports/<report>/export?format=csv|xlsx&<filters>: every report's export (the
   * contract of each is its `...ExportQuerySchema`). Signed-in users; the handler applies the
   * report scope (403 outside it, 404 for another company). An unknown report answers 404.
   */
  @Get(':report/export')
  @Authorized()
  async export(@Param('report') name: string, @Query() raw: unknown, @CurrentRequest() req: PortalRequest, @Res() reply: FileReply): Promise<void> {
    const user = requireUser(req.principal);
    if (!isReportName(name)) throw new AppError('404');
    const query = parseInput(SERVER_REPORTS[name].exportQuery, raw) as ReportQueryInput & { format: 'csv' | 'xlsx' };
    const file = await this.commands.execute(new ExportReportCommand(name, user, query, req));
    reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'no-store');
    reply.send(file.body);
  }
}
