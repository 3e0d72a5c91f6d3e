import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { stringify } from 'csv-stringify/sync';
import type { Checkpoint } from '@portal/eventstore';
import { listBookings, type BookingListRow } from '@portal/projection-booking-bookings';
import { BOOKING_CSV_COLUMNS, type BookingList, type BookingRow } from '../../contracts/index.js';
import { BookingReadModels } from '../shared/read-models.js';

export interface BookingFilterInput {
  locationId?: string | undefined;
  status?: BookingRow['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export class ListBookingsQuery extends Query<BookingList> {
  constructor(
    readonly filter: BookingFilterInput,
    readonly page: { limit: number; offset: number },
    readonly minPosition: Checkpoint | null,
  ) {
    super();
  }
}

export class ExportBookingsQuery extends Query<string> {
  constructor(
    readonly filter: BookingFilterInput,
    readonly minPosition: Checkpoint | null,
  ) {
    super();
  }
}

export const READ_MODEL = 'booking-bookings';

export const toBookingRow = (r: BookingListRow): BookingRow => {
  const { seatHeld: _seatHeld, ...row } = r;
  return row;
};

const definedOnly = (f: BookingFilterInput) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));

@QueryHandler(ListBookingsQuery)
export class ListBookingsHandler implements IQueryHandler<ListBookingsQuery> {
  constructor(@Inject(BookingReadModels) private readonly readModels: BookingReadModels) {}

  async execute({ filter, page, minPosition }: ListBookingsQuery): Promise<BookingList> {
    await this.readModels.waitFor([READ_MODEL], minPosition);
    const { total, rows } = await listBookings(this.readModels.reader(READ_MODEL), definedOnly(filter), page);
    return { total, items: rows.map(toBookingRow) };
  }
}

/** A cell a spreadsheet would run as a formula gets a leading quote (CSV injection). */
const safeCell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
};

/** The whole filtered list (no paging) as CSV with a header row; UTF-8 with a BOM so spreadsheets read accents. */
@QueryHandler(ExportBookingsQuery)
export class ExportBookingsHandler implements IQueryHandler<ExportBookingsQuery> {
  constructor(@Inject(BookingReadModels) private readonly readModels: BookingReadModels) {}

  async execute({ filter, minPosition }: ExportBookingsQuery): Promise<string> {
    await this.readModels.waitFor([READ_MODEL], minPosition);
    const { rows } = await listBookings(this.readModels.reader(READ_MODEL), definedOnly(filter), null);
    const records = rows.map((r) => BOOKING_CSV_COLUMNS.map((c) => safeCell(toBookingRow(r)[c])));
    return `\uFEFF${stringify(records, { header: true, columns: [...BOOKING_CSV_COLUMNS] })}`;
  }
}
