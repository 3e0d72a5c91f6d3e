import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@portal/eventstore';
import type { ProjectionDefinition } from '@portal/projections-runtime';
import { SLOT_EVENT_TYPES, type SlotEvent } from '@portal/booking/contracts';

/**
 * Read model behind GET /booking/availability: seats held per slot. Each slot event carries the
 * count after it, so applying it is an assignment (a replay lands on the same numbers).
 */
export const bookingAvailabilityProjection: ProjectionDefinition = {
  name: 'booking-availability',
  version: 1,
  eventTypes: SLOT_EVENT_TYPES,
  async migrate(db: Kysely<any>, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('slot_seats')
      .ifNotExists()
      .addColumn('location_id', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('taken', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('slot_seats_pk', ['location_id', 'date', 'time'])
      .execute();
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    const t = trx.withSchema(schema);
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as SlotEvent;
      const d = event.data;
      const at = event.type === 'SlotSeatTaken' ? event.data.takenAt : event.data.releasedAt;
      await t
        .insertInto('slot_seats')
        .values({ location_id: d.locationId, date: d.date, time: d.time, taken: d.seatsTaken, updated_at: at })
        .onConflict((oc) => oc.columns(['location_id', 'date', 'time']).doUpdateSet({ taken: d.seatsTaken, updated_at: at }))
        .execute();
    }
  },
};
