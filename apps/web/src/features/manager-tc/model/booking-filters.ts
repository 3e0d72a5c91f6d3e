import { BOOKING_STATUSES, type BookingStatusName } from '@portal/booking/contracts/http';

/** The staff list's filters, kept in the URL so a filtered list can be shared and reloaded. */
export interface BookingFilters {
  locationId?: string;
  status?: BookingStatusName;
  from?: string;
  to?: string;
  q?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function filtersFrom(params: URLSearchParams): BookingFilters {
  const f: BookingFilters = {};
  const locationId = params.get('locationId');
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const q = params.get('q')?.trim();
  if (locationId && UUID.test(locationId)) f.locationId = locationId;
  if (status && (BOOKING_STATUSES as readonly string[]).includes(status)) f.status = status as BookingStatusName;
  if (from && DATE.test(from)) f.from = from;
  if (to && DATE.test(to)) f.to = to;
  if (q) f.q = q.slice(0, 100);
  return f;
}

export function filtersToParams(f: BookingFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (value) params.set(key, value);
  return params;
}

/** The CSV's file name says what was filtered: bookings_2026-11-01_2026-11-30.csv */
export function csvFileName(f: BookingFilters): string {
  const parts = ['bookings', f.status, f.from, f.to].filter(Boolean);
  return `${parts.join('_')}.csv`;
}
