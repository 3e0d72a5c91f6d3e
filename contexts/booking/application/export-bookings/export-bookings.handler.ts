import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { stringify } from 'csv-stringify/sync';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listBookings } from '@portal/projection-booking-bookings';
import { BOOKING_CSV_COLUMNS } from '../../contracts/index.js';
import { definedOnly, toBookingRow } from '../shared/staff-rows.js';
import { ExportBookingsQuery } from './export-bookings.query.js';

/** A cell a spreadsheet would run as a formula gets a leading quote (CSV injection). */
const safeCell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
};

/** The whole filtered list (no paging) as CSV with a header row; UTF-8 with a BOM so spreadsheets read accents. */
/** The whole filtered list (no paging) as CSV with a header row; UTF-8 with a BOM so spreadsheets read accents. */
@QueryHandler(ExportBookingsQuery)
export class ExportBookingsHandler implements IQueryHandler<ExportBookingsQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ filter, req }: ExportBookingsQuery): Promise<string> {
    await waitForReads(this.projections, req, ['booking-bookings']);
    const { rows } = await listBookings(this.projections.reader('booking-bookings'), definedOnly(filter), null);
    const records = rows.map((r) => BOOKING_CSV_COLUMNS.map((c) => safeCell(toBookingRow(r)[c])));
    return `\uFEFF${stringify(records, { header: true, columns: [...BOOKING_CSV_COLUMNS] })}`;
  }
}
