import type { Kysely } from 'kysely';
import type { BookingAvailabilityDB } from './schema.js';

export const slotKey = (date: string, time: string) => `${date} ${time}`;

/** Seats held per slot of a location between two local dates: "date time" -> taken. */
export async function seatsTaken(reader: Kysely<BookingAvailabilityDB>, locationId: string, from: string, to: string): Promise<Map<string, number>> {
  const rows = await reader
    .selectFrom('slot_seats')
    .select(['date', 'time', 'taken'])
    .where('location_id', '=', locationId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return new Map(rows.map((r) => [slotKey(String(r.date), String(r.time)), Number(r.taken)]));
}
