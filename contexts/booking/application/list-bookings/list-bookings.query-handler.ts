import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listBookings } from '@portal/projection-booking-bookings';
import type { BookingList } from '../../contracts/index.js';
import { definedOnly, toBookingRow } from '../shared/staff-rows.js';
import { ListBookingsQuery } from './list-bookings.query.js';

@QueryHandler(ListBookingsQuery)
export class ListBookingsHandler implements IQueryHandler<ListBookingsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ filter, page, req }: ListBookingsQuery): Promise<BookingList> {
    await waitForReads(this.projections, req, ['booking-bookings']);
    const { total, rows } = await listBookings(this.projections.reader('booking-bookings'), definedOnly(filter), page);
    return { total, items: rows.map(toBookingRow) };
  }
}
