import type { Kysely } from 'kysely';
import type { BookingCalendarDB } from './schema.js';

export interface SlotCount {
  date: string;
  time: string;
  confirmed: number;
  pendent: number;
}

/** `reader` is the runtime's Kysely scoped to the booking-calendar projection's live schema. */
export async function slotCounts(reader: Kysely<BookingCalendarDB>, locationId: string, from: string, to: string): Promise<SlotCount[]> {
  const rows = await reader
    .selectFrom('slot_counts')
    .select(['date', 'time', 'confirmed', 'pendent'])
    .where('location_id', '=', locationId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('time')
    .execute();
  return rows.map((r) => ({ date: String(r.date), time: String(r.time), confirmed: Number(r.confirmed), pendent: Number(r.pendent) }));
}
