import type { Readable } from 'node:stream';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import { eventIdParamsSchema, eventReportQuerySchema, type EventReport } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { EventReportQuery } from './event-report.query.js';

type ReportQuery = ReturnType<typeof eventReportQuerySchema.parse>;

/** The CSV and XLSX answers set its own headers, so this route keeps the raw reply (ADR 0009 §3). */
interface FileReply {
  header(name: string, value: string): unknown;
}

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** 001 §7 GET /reports/event/{id}/status: tc_admin and tc_manager. */
@Controller('reports/event')
export class EventReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id/status')
  @EventsArea('staff')
  async report(
    @ZodParams(eventIdParamsSchema) params: { id: string },
    @ZodQuery(eventReportQuerySchema) query: ReportQuery,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: FileReply,
  ): Promise<EventReport | string | Readable> {
    const answer = await this.queries.execute(new EventReportQuery(params.id, query.format, query.lang, req));
    if (query.format !== 'json') {
      reply.header('content-type', CONTENT_TYPES[query.format]);
      reply.header('content-disposition', `attachment; filename="event-${params.id}.${query.format}"`);
      reply.header('cache-control', 'no-store');
    }
    return answer;
  }
}
