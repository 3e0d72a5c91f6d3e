import { Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { checkpointToString } from '@portal/eventstore';
import { appendContextOf, Authorized, CurrentRequest, ZodBody, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import {
  bookingIdParamsSchema,
  bookingListQuerySchema,
  statusChangeSchema,
  type BookingList,
  type BookingRow,
  type StatusChangeBody,
} from '../../contracts/index.js';
import { minPositionOf, sourceOf, type ReplyLike } from '../shared/request-info.js';
import { ChangeBookingStatusCommand } from './change-booking-status.command.js';
import { ExportBookingsQuery, ListBookingsQuery } from './staff-bookings.queries.js';

type ListQuery = ReturnType<typeof bookingListQuerySchema.parse>;

/** /manager/tc (001 §2, §6): tc_manager and tc_admin only. */
@Controller('booking/staff')
export class StaffBookingsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get('bookings')
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  list(@ZodQuery(bookingListQuerySchema) query: ListQuery, @CurrentRequest() req: PortalRequest): Promise<BookingList> {
    const { limit, offset, ...filter } = query;
    return this.queries.execute(new ListBookingsQuery(filter, { limit, offset }, minPositionOf(req)));
  }

  @Get('bookings.csv')
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  async csv(@ZodQuery(bookingListQuerySchema) query: ListQuery, @CurrentRequest() req: PortalRequest, @Res({ passthrough: true }) reply: ReplyLike): Promise<string> {
    const { limit: _limit, offset: _offset, ...filter } = query;
    const csv = await this.queries.execute(new ExportBookingsQuery(filter, minPositionOf(req)));
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="bookings.csv"');
    reply.header('cache-control', 'no-store');
    return csv;
  }

  @Post('bookings/:bookingId/status')
  @HttpCode(200)
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  async changeStatus(
    @ZodParams(bookingIdParamsSchema) params: { bookingId: string },
    @ZodBody(statusChangeSchema) body: StatusChangeBody,
    @CurrentRequest() req: PortalRequest,
    @Res({ passthrough: true }) reply: ReplyLike,
  ): Promise<BookingRow> {
    const outcome = await this.commands.execute(new ChangeBookingStatusCommand(params.bookingId, body, sourceOf(req, 'staff'), appendContextOf(req)));
    if (outcome.checkpoint) reply.header('x-event-position', checkpointToString(outcome.checkpoint));
    return outcome.value;
  }
}
