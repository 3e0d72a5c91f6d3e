import { StreamWriter } from '@portal/platform';
import type { AppendContext, AppendResult, EventStore } from '@portal/eventstore';
import { slotEvents, slotStream, type SlotEvent, type SlotSeatReleased } from '../../contracts/index.js';
import { slotDecider, type SlotCommand, type SlotState } from '../../domain/index.js';

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

/** Slots whose state this process keeps between confirmations (a hint, never the truth). */
const KNOWN_SLOTS = 2000;

/**
 * Takes and releases seats in a slot's consistency stream (ADR 0010), through the one decider
 * runner (ADR 0009): every append names the revision the decision was made on; a concurrent
 * writer makes it fail and the decision is made again on the new state, so the capacity check
 * always sees every seat taken before it. With the queue, this process's writers of a slot run
 * one after another from the state it knows; another instance's append makes ours fail and the
 * stream is read again, and a refusal on a known state is confirmed on the stream as stored.
 */
export class SeatKeeper {
  private readonly writer: StreamWriter<SlotCommand, SlotEvent, SlotState>;

  constructor(store: EventStore, options: SeatKeeperOptions = {}) {
    const serialize = options.serialize ?? true;
    this.writer = new StreamWriter(store, slotDecider, {
      serialize,
      cacheSize: serialize ? KNOWN_SLOTS : 0,
      attempts: options.maxAttempts ?? 200,
      parse: slotEvents.parse,
    });
  }

  /** A seat for the booking, or AppError booking-unavailable. `taken` is false when it already held one. */
  async take(ref: SlotRef, bookingId: string, capacity: number, now: string, context: AppendContext): Promise<{ taken: boolean; result: AppendResult | null }> {
    const { events, result } = await this.writer.execute(slotStream(ref.locationId, ref.date, ref.time), { type: 'TakeSeat', data: { ...ref, bookingId, capacity, now } }, context);
    return { taken: events.length > 0, result };
  }

  async release(ref: SlotRef, bookingId: string, reason: SlotSeatReleased['data']['reason'], now: string, context: AppendContext): Promise<{ released: boolean; result: AppendResult | null }> {
    const { events, result } = await this.writer.execute(slotStream(ref.locationId, ref.date, ref.time), { type: 'ReleaseSeat', data: { ...ref, bookingId, reason, now } }, context);
    return { released: events.length > 0, result };
  }
}
