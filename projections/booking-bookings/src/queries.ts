import { sql, type Kysely } from 'kysely';
import type { BookingBookingsDB } from './schema.js';
import { iso, isoOrNull } from '@portal/kernel';

export type BookingStatusValue = 'pendent' | 'confirmed' | 'canceled' | 'expired';

export interface BookingListRow {
  bookingId: string;
  locationId: string;
  locationName: string;
  date: string;
  time: string;
  startsAt: string;
  timezone: string;
  status: BookingStatusValue;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string | null;
  visitorCompany: string | null;
  lang: string;
  requestedAt: string;
  expiresAt: string;
  confirmedAt: string | null;
  canceledAt: string | null;
  expiredAt: string | null;
  statusBy: 'visitor' | 'staff' | 'system' | null;
  statusReason: string | null;
  seatHeld: boolean;
}

export interface BookingFilter {
  locationId?: string;
  status?: BookingStatusValue;
  from?: string;
  to?: string;
  /** Part of the visitor's name, e-mail or company (case-insensitive). */
  q?: string;
}


const toRow = (r: Record<string, unknown>): BookingListRow => ({
  bookingId: String(r.booking_id),
  locationId: String(r.location_id),
  locationName: r.location_name === null || r.location_name === undefined ? '' : String(r.location_name),
  date: String(r.date),
  time: String(r.time),
  startsAt: iso(r.starts_at),
  timezone: String(r.timezone),
  status: r.status as BookingStatusValue,
  visitorName: String(r.visitor_name),
  visitorEmail: String(r.visitor_email),
  visitorPhone: (r.visitor_phone as string | null) ?? null,
  visitorCompany: (r.visitor_company as string | null) ?? null,
  lang: String(r.lang),
  requestedAt: iso(r.requested_at),
  expiresAt: iso(r.expires_at),
  confirmedAt: isoOrNull(r.confirmed_at),
  canceledAt: isoOrNull(r.canceled_at),
  expiredAt: isoOrNull(r.expired_at),
  statusBy: (r.status_by as BookingListRow['statusBy']) ?? null,
  statusReason: (r.status_reason as string | null) ?? null,
  seatHeld: Boolean(r.seat_held),
});

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const filtered = (reader: Kysely<BookingBookingsDB>, f: BookingFilter) => {
  let q = reader.selectFrom('bookings as b').leftJoin('location_names as l', 'l.location_id', 'b.location_id');
  if (f.locationId) q = q.where('b.location_id', '=', f.locationId);
  if (f.status) q = q.where('b.status', '=', f.status);
  if (f.from) q = q.where('b.date', '>=', f.from);
  if (f.to) q = q.where('b.date', '<=', f.to);
  if (f.q && f.q.trim().length > 0) {
    const pattern = likePattern(f.q.trim());
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(b.visitor_name)`, 'like', pattern),
        eb(sql`lower(b.visitor_email)`, 'like', pattern),
        eb(sql`lower(coalesce(b.visitor_company, ''))`, 'like', pattern),
      ]),
    );
  }
  return q;
};

/** `reader` is the runtime's Kysely scoped to the booking-bookings projection's live schema. Newest visits first. */
export async function listBookings(reader: Kysely<BookingBookingsDB>, filter: BookingFilter, page: { limit: number; offset: number } | null): Promise<{ total: number; rows: BookingListRow[] }> {
  const countRow = await filtered(reader, filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  let q = filtered(reader, filter).selectAll('b').select('l.name as location_name').orderBy('b.date', 'desc').orderBy('b.time', 'desc').orderBy('b.booking_id');
  if (page) q = q.limit(page.limit).offset(page.offset);
  const rows = await q.execute();
  return { total: Number(countRow?.n ?? 0), rows: rows.map(toRow) };
}

export async function findBooking(reader: Kysely<BookingBookingsDB>, bookingId: string): Promise<BookingListRow | undefined> {
  const row = await reader
    .selectFrom('bookings as b')
    .leftJoin('location_names as l', 'l.location_id', 'b.location_id')
    .selectAll('b')
    .select('l.name as location_name')
    .where('b.booking_id', '=', bookingId)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Pendent bookings whose confirmation deadline has passed (the expiry process's work list). */
export async function pendentPastDeadline(reader: Kysely<BookingBookingsDB>, nowIso: string, limit: number): Promise<string[]> {
  const rows = await reader
    .selectFrom('bookings')
    .select('booking_id')
    .where('status', '=', 'pendent')
    .where('expires_at', '<=', nowIso)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.booking_id));
}

/** Canceled or expired bookings whose slot still holds a seat (a crash between two appends). */
export async function seatsToRelease(reader: Kysely<BookingBookingsDB>, limit: number): Promise<BookingListRow[]> {
  const rows = await reader
    .selectFrom('bookings as b')
    .leftJoin('location_names as l', 'l.location_id', 'b.location_id')
    .selectAll('b')
    .select('l.name as location_name')
    .where('b.seat_held', '=', true)
    .where('b.status', 'in', ['canceled', 'expired'])
    .limit(limit)
    .execute();
  return rows.map(toRow);
}
