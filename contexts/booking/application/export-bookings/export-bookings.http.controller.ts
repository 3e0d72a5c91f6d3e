import { Controller, Get, Inject, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import { bookingListQuerySchema } from '../../contracts/index.js';
import { ExportBookingsQuery } from './export-bookings.query.js';

type ListQuery = ReturnType<typeof bookingListQuerySchema.parse>;

/** The file answer sets its own headers, so this route keeps the raw reply (ADR 0009 §3). */
interface FileReply {
  header(name: string, value: string): unknown;
}

@Controller('booking/staff')
export class ExportBookingsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('bookings.csv')
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  async csv(@ZodQuery(bookingListQuerySchema) query: ListQuery, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: FileReply): Promise<string> {
    const { limit: _limit, offset: _offset, ...filter } = query;
    const csv = await this.queries.execute(new ExportBookingsQuery(filter, req));
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="bookings.csv"');
    reply.header('cache-control', 'no-store');
    return csv;
  }
}
