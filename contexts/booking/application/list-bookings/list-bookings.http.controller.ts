import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import { bookingListQuerySchema, type BookingList } from '../../contracts/index.js';
import { ListBookingsQuery } from './list-bookings.query.js';

type ListQuery = ReturnType<typeof bookingListQuerySchema.parse>;

/** /manager/tc (001 §2, §6): tc_manager and tc_admin only. */
@Controller('booking/staff')
export class ListBookingsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('bookings')
  @Authorized({ roles: ['tc_manager', 'tc_admin'] })
  list(@ZodQuery(bookingListQuerySchema) query: ListQuery, @CurrentRequest() req: PortalRequest): Promise<BookingList> {
    const { limit, offset, ...filter } = query;
    return this.queries.execute(new ListBookingsQuery(filter, { limit, offset }, req));
  }
}
