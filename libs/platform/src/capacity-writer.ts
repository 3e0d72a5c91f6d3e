import type { EventStore } from '@portal/eventstore';
import { StreamWriter, type Decider } from './decider-command.js';

/** The consistency stream's events are parsed by the decider's own `events` (ADR 0086). */
export interface CapacityWriterOptions {
  /** Queue this process's writers of a stream (default true); false shows the bare optimistic concurrency. */
  serialize?: boolean;
  /** Decisions tried after a revision conflict before giving up (each on the stream as stored). */
  attempts?: number;
  /** Streams whose folded state this process keeps between decisions (a hint, never the truth). */
  knownStreams?: number;
}

/**
 * The seat guarantee booking proved (ADR 0010), for any decider that hands out a limited number
 * of places in one consistency stream (a slot's seats, an event's vacancies): a place exists only
 * as an event appended at the revision the decision was read at, so a concurrent writer makes the
 * append fail and the decision is made again on the new state; the capacity check therefore sees
 * every place taken before it, in any number of processes. This process's writers of one stream
 * queue (no self-inflicted conflicts) and start from the state it appended last; a refusal or a
 * "nothing to do" on that cached state is confirmed on the stream as stored (StreamWriter).
 * Many attempts: under a race of many instances a loser may need several rounds.
 */
export function capacityWriter<C, E extends { type: string; data: Record<string, unknown> }, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  options: CapacityWriterOptions = {},
): StreamWriter<C, E, S> {
  const serialize = options.serialize ?? true;
  return new StreamWriter(store, decider, {
    serialize,
    cacheSize: serialize ? (options.knownStreams ?? 2000) : 0,
    attempts: options.attempts ?? 200,
  });
}
