import { Inject, Injectable } from '@nestjs/common';
import { compareCheckpoints, type Checkpoint, type EventStore } from '@portal/eventstore';
import { EVENT_STORE, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { bookingAvailabilityProjection } from '@portal/projection-booking-availability';
import { bookingBookingsProjection } from '@portal/projection-booking-bookings';
import { bookingCalendarProjection } from '@portal/projection-booking-calendar';
import { bookingLocationsProjection } from '@portal/projection-booking-locations';

const DEFINITIONS = [bookingLocationsProjection, bookingAvailabilityProjection, bookingBookingsProjection, bookingCalendarProjection];
export type BookingReadModel = (typeof DEFINITIONS)[number]['name'];

/**
 * Read-your-writes for the booking read models. A projection's checkpoint only moves over events
 * of its own types, so waiting for a position that some other event holds (the visitor stream's,
 * another context's) would run into the runtime's timeout. This waits instead for the newest
 * event the read model handles at or before the position: when there is none, nothing to wait for.
 */
@Injectable()
export class BookingReadModels {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  reader(name: BookingReadModel) {
    return this.projections.reader(name);
  }

  async waitFor(names: BookingReadModel[], target: Checkpoint | null, timeoutMs = 3000): Promise<void> {
    if (!target) return;
    await Promise.all(names.map((name) => this.waitForOne(name, target, timeoutMs)));
  }

  private async waitForOne(name: BookingReadModel, target: Checkpoint, timeoutMs: number): Promise<void> {
    const status = this.projections.status().find((s) => s.name === name);
    const def = DEFINITIONS.find((d) => d.name === name)!;
    if (!status || compareCheckpoints(status.checkpoint, target) >= 0) return;
    const types = new Set(def.eventTypes);
    const deadline = Date.now() + timeoutMs;
    let after = status.checkpoint;
    let last: Checkpoint | null = null;
    // Walk the log up to the target: the read model's newest event on the way is what to wait
    // for. The target may not be readable yet (a transaction committing before it still runs),
    // so the walk waits for it to appear, within the same time limit.
    for (let reached = false; !reached; ) {
      const { events, checkpoint } = await this.store.readAll({ after, limit: 500 });
      for (const e of events) {
        if (compareCheckpoints(e.checkpoint, target) > 0) {
          reached = true;
          break;
        }
        if (types.has(e.type)) last = e.checkpoint;
        if (compareCheckpoints(e.checkpoint, target) === 0) reached = true;
      }
      after = checkpoint;
      if (reached || events.length === 500) continue;
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (last) await this.projections.waitFor(name, last, Math.max(1, deadline - Date.now()));
  }
}
