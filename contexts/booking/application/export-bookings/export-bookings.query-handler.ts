import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { csvOf, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listBookings } from '@portal/projection-booking-bookings';
import { BOOKING_CSV_COLUMNS } from '../../contracts/index.js';
import { definedOnly, toBookingRow } from '../shared/staff-rows.js';
import { ExportBookingsQuery } from './export-bookings.query.js';

/** The whole filtered list (no paging) as CSV with a header row; UTF-8 with a BOM so spreadsheets read accents. */
@QueryHandler(ExportBookingsQuery)
export class ExportBookingsHandler implements IQueryHandler<ExportBookingsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ filter, req }: ExportBookingsQuery): Promise<string> {
    await waitForReads(this.projections, req, ['booking-bookings']);
    const { rows } = await listBookings(this.projections.reader('booking-bookings'), definedOnly(filter), null);
    return csvOf(BOOKING_CSV_COLUMNS, rows.map(toBookingRow));
  }
}
