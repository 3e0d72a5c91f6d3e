import { AppError } from '@portal/kernel';
import { capacityWriter, type StreamWriter } from '@portal/platform';
import type { AppendContext, AppendResult, EventStore } from '@portal/eventstore';
import { slotStream, type SlotEvent, type SlotSeatReleased } from '../../contracts/index.js';
import { slotDecider, type SeatOutcome, type SlotCommand, type SlotState } from '../../domain/index.js';

export interface SlotRef {
  locationId: string;
  date: string;
  time: string;
}

export interface SeatKeeperOptions {
  /** Queue this process's writers of a slot (default true); false shows the bare optimistic concurrency. */
  serialize?: boolean;
  /** Attempts after a revision conflict before giving up (each re-reads the slot). */
  maxAttempts?: number;
}

/**
 * Takes and releases seats in a slot's consistency stream (ADR 0010), through the capacity
 * writer of libs/platform (the one decider runner with the guarantee's settings, shared with the
 * events context's vacancies): every append names the revision the decision was made on; a concurrent
 * writer makes it fail and the decision is made again on the new state, so the capacity check
 * always sees every seat taken before it. With the queue, this process's writers of a slot run
 * one after another from the state it knows; another instance's append makes ours fail and the
 * stream is read again, and a refusal on a known state is confirmed on the stream as stored.
 */
export class SeatKeeper {
  private readonly writer: StreamWriter<SlotCommand, SlotEvent, SlotState>;

  constructor(store: EventStore, options: SeatKeeperOptions = {}) {
    this.writer = capacityWriter(store, slotDecider, { serialize: options.serialize, attempts: options.maxAttempts });
  }

  /** A seat for the booking, or AppError booking-unavailable. `taken` is false when it already held one. */
  async take(ref: SlotRef, bookingId: string, capacity: number, now: string, context: AppendContext): Promise<{ taken: boolean; result: AppendResult | null }> {
    const { events, result } = await this.writer.execute(slotStream(ref.locationId, ref.date, ref.time), { type: 'TakeSeat', data: { ...ref, bookingId, capacity, now } }, context);
    return { taken: events.length > 0, result };
  }

  /** The seat as a confirmation's command states it (ADR 0087): a full slot is an outcome, not an error. */
  async claim(ref: SlotRef, bookingId: string, capacity: number, now: string, context: AppendContext): Promise<Exclude<SeatOutcome, 'not-asked'>> {
    try {
      return (await this.take(ref, bookingId, capacity, now, context)).taken ? 'taken' : 'held';
    } catch (error) {
      if (error instanceof AppError && error.code === 'booking-unavailable') return 'full';
      throw error;
    }
  }

  async release(ref: SlotRef, bookingId: string, reason: SlotSeatReleased['data']['reason'], now: string, context: AppendContext): Promise<{ released: boolean; result: AppendResult | null }> {
    const { events, result } = await this.writer.execute(slotStream(ref.locationId, ref.date, ref.time), { type: 'ReleaseSeat', data: { ...ref, bookingId, reason, now } }, context);
    return { released: events.length > 0, result };
  }
}
