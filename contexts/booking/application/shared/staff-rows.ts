import type { BookingListRow } from '@portal/projection-booking-bookings';
import type { BookingRow } from '../../contracts/index.js';

/** The staff list's filter as the query string gives it (empty values mean no filter). */
export interface BookingFilterInput {
  locationId?: string | undefined;
  status?: BookingRow['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export const definedOnly = (f: BookingFilterInput) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));

/** A row of the staff list as the API answers it (the read model's seat flag stays inside). */
export const toBookingRow = (r: BookingListRow): BookingRow => {
  const { seatHeld: _seatHeld, ...row } = r;
  return row;
};
