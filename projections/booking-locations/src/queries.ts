import type { Kysely } from 'kysely';
import { jsonValue } from '@portal/database';
import type { LocationDefinition, OpeningSchedule } from '@portal/booking/contracts';
import type { BookingLocationsDB } from './schema.js';
import { iso } from '@portal/kernel';

export interface LocationRow extends LocationDefinition {
  locationId: string;
  createdAt: string;
  updatedAt: string;
}

const json = jsonValue;

const toRow = (r: Record<string, unknown>): LocationRow => ({
  locationId: String(r.location_id),
  name: String(r.name),
  addressLines: json<string[]>(r.address_lines),
  number: String(r.number),
  city: String(r.city),
  state: String(r.state),
  country: String(r.country),
  postalCode: String(r.postal_code),
  capacity: Number(r.capacity),
  timezone: String(r.timezone),
  color: String(r.color),
  schedule: json<OpeningSchedule>(r.schedule),
  active: Boolean(r.active),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** `reader` is the runtime's Kysely scoped to the booking-locations projection's live schema. */
export async function listLocations(reader: Kysely<BookingLocationsDB>, filter: { country?: string; activeOnly?: boolean } = {}): Promise<LocationRow[]> {
  let q = reader.selectFrom('locations').selectAll();
  if (filter.country) q = q.where('country', '=', filter.country);
  if (filter.activeOnly) q = q.where('active', '=', true);
  const rows = await q.orderBy('name').orderBy('location_id').execute();
  return rows.map(toRow);
}

export async function findLocation(reader: Kysely<BookingLocationsDB>, locationId: string): Promise<LocationRow | undefined> {
  const row = await reader.selectFrom('locations').selectAll().where('location_id', '=', locationId).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Countries with at least one active location, and how many. */
export async function countriesWithLocations(reader: Kysely<BookingLocationsDB>): Promise<{ country: string; locations: number }[]> {
  const rows = await reader
    .selectFrom('locations')
    .select(['country'])
    .select((eb) => eb.fn.countAll().as('n'))
    .where('active', '=', true)
    .groupBy('country')
    .execute();
  return rows.map((r) => ({ country: String(r.country), locations: Number(r.n) }));
}
