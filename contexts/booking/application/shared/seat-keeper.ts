import { ConcurrencyError, type AppendContext, type AppendResult, type EventStore, type NewEvent } from '@portal/eventstore';
import { slotStream, type SlotEvent, type SlotSeatReleased } from '../../contracts/index.js';
import type { SlotCommand, SlotState } from '../../domain/index.js';
import { slotDecider } from './deciders.js';
import { KeyedMutex } from './keyed-mutex.js';

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
 * Takes and releases seats in a slot's consistency stream. Every append names the revision the
 * decision was made on; a concurrent writer makes it fail with ConcurrencyError and the decision
 * is made again on the new state, so the capacity check always sees every seat taken before it.
 */
export class SeatKeeper {
  private readonly mutex = new KeyedMutex();
  private readonly serialize: boolean;
  private readonly maxAttempts: number;
  /**
   * With the queue, this process knows each slot's state after its own last append; the next
   * decision starts from it instead of re-reading the stream. Another instance's append makes
   * ours fail with ConcurrencyError, and the stream is read again: a hint, never the truth.
   */
  private readonly known = new Map<string, { state: SlotState; revision: bigint }>();
  private static readonly KNOWN_MAX = 2000;

  constructor(
    private readonly store: EventStore,
    options: SeatKeeperOptions = {},
  ) {
    this.serialize = options.serialize ?? true;
    this.maxAttempts = options.maxAttempts ?? 200;
  }

  /** A seat for the booking, or AppError booking-unavailable. `taken` is false when it already held one. */
  async take(ref: SlotRef, bookingId: string, capacity: number, now: string, context: AppendContext): Promise<{ taken: boolean; result: AppendResult | null }> {
    const { events, result } = await this.run(ref, { type: 'TakeSeat', data: { ...ref, bookingId, capacity, now } }, context);
    return { taken: events.length > 0, result };
  }

  async release(ref: SlotRef, bookingId: string, reason: SlotSeatReleased['data']['reason'], now: string, context: AppendContext): Promise<{ released: boolean; result: AppendResult | null }> {
    const { events, result } = await this.run(ref, { type: 'ReleaseSeat', data: { ...ref, bookingId, reason, now } }, context);
    return { released: events.length > 0, result };
  }

  private async decideAndAppend(stream: string, command: SlotCommand, context: AppendContext, useKnown: boolean): Promise<{ events: SlotEvent[]; result: AppendResult | null }> {
    let current = useKnown ? this.known.get(stream) : undefined;
    if (!current) {
      const recorded = await this.store.readStream(stream);
      const state = recorded.reduce((st, r) => slotDecider.evolve(st, { type: r.type, data: r.data } as unknown as SlotEvent), slotDecider.initial());
      current = { state, revision: recorded.at(-1)?.revision ?? -1n };
    }
    let events: SlotEvent[];
    try {
      events = slotDecider.decide(command, current.state);
    } catch (error) {
      // a refusal is only final on the stream as stored (another instance may have freed a seat)
      if (!useKnown || !this.known.has(stream)) throw error;
      this.known.delete(stream);
      return this.decideAndAppend(stream, command, context, false);
    }
    if (events.length === 0) {
      if (this.serialize) this.remember(stream, current);
      return { events, result: null };
    }
    const newEvents: NewEvent[] = events.map((e) => ({ type: e.type, data: e.data as unknown as Record<string, unknown> }));
    try {
      const result = await this.store.append(stream, newEvents, { expectedRevision: current.revision < 0n ? 'no-stream' : current.revision, context });
      if (this.serialize) this.remember(stream, { state: events.reduce(slotDecider.evolve, current.state), revision: result.nextRevision });
      return { events, result };
    } catch (error) {
      this.known.delete(stream);
      throw error;
    }
  }

  private remember(stream: string, value: { state: SlotState; revision: bigint }) {
    this.known.delete(stream);
    this.known.set(stream, value);
    if (this.known.size > SeatKeeper.KNOWN_MAX) this.known.delete(this.known.keys().next().value!);
  }

  private run(ref: SlotRef, command: SlotCommand, context: AppendContext) {
    const stream = slotStream(ref.locationId, ref.date, ref.time);
    const attempt = async () => {
      for (let n = 1; ; n++) {
        try {
          // the first attempt may start from what this process knows; a retry always reads
          return await this.decideAndAppend(stream, command, context, this.serialize && n === 1);
        } catch (error) {
          if (!(error instanceof ConcurrencyError) || n >= this.maxAttempts) throw error;
          // another writer won this revision: decide again on the new state, after a short random pause
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20, n * 2)));
        }
      }
    };
    return this.serialize ? this.mutex.run(stream, attempt) : attempt();
  }
}
