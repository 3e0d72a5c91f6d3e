import { v5 as uuidv5 } from 'uuid';
import { ConcurrencyError, type AppendContext, type AppendResult, type EventStore, type NewEvent, type RecordedEvent } from '@portal/eventstore';

/**
 * A stream's events as its owner's contracts define them (`xEvents` of `contracts/events.ts`, or
 * `xEvents.pick(...)`): the one way a stored event reaches `evolve` (upcast from the version it
 * was written in, then checked), and the schema version a new one is written in (ADR 0086).
 */
export interface StreamEvents<E extends { type: string; data: Record<string, unknown> }> {
  parse(recorded: RecordedEvent): E;
  versionOf(type: E['type']): number;
}

/**
 * A pure decider as its domain exports it (ADR 0009): commands in, events out, state folded from
 * events; `events` is its stream's contract, so a stream is only ever folded through its parser
 * (ADR 0086): there is no other way to hand StreamWriter, handleCommand or loadState a parser.
 */
export interface Decider<C, E extends { type: string; data: Record<string, unknown> }, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initial(): S;
  events: StreamEvents<E>;
}

/** What a run of the decider produced: the state before, the new events and the state after. */
export interface DecisionOutcome<E, S> {
  before: S;
  events: E[];
  state: S;
  /** null when the decision was to do nothing */
  result: AppendResult | null;
}

export interface StreamWriterOptions {
  /**
   * Streams whose folded state stays in memory between commands (most recently used kept). A
   * cached decision still states the revision it was made on, so another instance's write makes
   * the append fail and the command is decided again on the stream's tail. 0: read every time.
   */
  cacheSize?: number;
  /** Run one stream's commands one after another in this process (no self-inflicted conflicts). */
  serialize?: boolean;
  /** Decisions tried before a concurrency conflict is given up (each on fresh state). */
  attempts?: number;
}

/** A stream's state folded up to a revision. */
export interface Folded<S> {
  state: S;
  /** the stream's last revision, null for a stream that does not exist yet */
  revision: bigint | null;
}

/** Namespace of the event ids derived from an Idempotency-Key (uuid v5). */
const KEYED_EVENT_IDS = '5b0c1d6e-7f7a-4c1e-9a43-2f8e6d0b1a26';

/**
 * The id of the `index`-th event a request with an Idempotency-Key appends to `streamId`: the
 * same for the same caller, key, stream and index, so the store takes a retry that had
 * committed as the same batch (ADR 0002 "Idempotency") and writes nothing (ADR 0081). The actor
 * is part of it: another caller's key never names this caller's events.
 */
export const keyedEventId = (actor: string, key: string, streamId: string, index: number): string => uuidv5(`${actor}\n${key}\n${streamId}\n${index}`, KEYED_EVENT_IDS);

/**
 * The one way to run a decider on a stream (ADR 0009): load (or take the cached fold and read
 * only the tail), decide, append with the revision the decision was made on; a concurrent writer
 * makes the append fail and the command is decided again on fresh state, so the loser gets the
 * rule's answer (email-already-in-use, booking-unavailable) and not a conflict. The hot paths
 * (progress ticks, answers) turn on the cache and per-stream serialization.
 */
export class StreamWriter<C, E extends { type: string; data: Record<string, unknown> }, S> {
  private readonly cache = new Map<string, Folded<S>>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<C, E, S>,
    private readonly options: StreamWriterOptions = {},
  ) {}

  /**
   * Decides `command` (or the command built from the current state) on `streamId` and appends
   * what it decides. `known`: the stream as the caller has just read it (a check before the
   * write, such as a link's): the first decision is made on it instead of reading the stream
   * again; the append still names its revision, so a write in between is caught as usual.
   */
  execute(streamId: string, command: C | ((state: S) => C | Promise<C>), context: AppendContext, known?: Folded<S>): Promise<DecisionOutcome<E, S>> {
    if (!this.options.serialize) return this.run(streamId, command, context, known);
    const previous = this.queues.get(streamId) ?? Promise.resolve();
    const run = previous.then(
      () => this.run(streamId, command, context, known),
      () => this.run(streamId, command, context, known),
    );
    const tail = run.catch(() => undefined);
    this.queues.set(streamId, tail);
    void tail.then(() => {
      if (this.queues.get(streamId) === tail) this.queues.delete(streamId);
    });
    return run;
  }

  /** The stream's folded state (from the cache plus its tail, or from the log). */
  async load(streamId: string): Promise<Folded<S> & { exists: boolean }> {
    const cached = this.cache.get(streamId);
    const recorded = await this.store.readStream(streamId, cached?.revision != null ? { fromRevision: cached.revision + 1n } : {});
    let state = cached?.state ?? this.decider.initial();
    let revision = cached?.revision ?? null;
    for (const r of recorded) {
      state = this.decider.evolve(state, this.decider.events.parse(r));
      revision = r.revision;
    }
    if (revision !== null) this.remember(streamId, { state, revision });
    return { state, revision, exists: revision !== null };
  }

  private async run(streamId: string, command: C | ((state: S) => C | Promise<C>), context: AppendContext, known?: Folded<S>): Promise<DecisionOutcome<E, S>> {
    const attempts = this.options.attempts ?? 5;
    const cached = known ?? this.cache.get(streamId);
    let current: Folded<S> = cached ?? (await this.load(streamId));
    // a state read for this command counts as read from the log; only a cached one is confirmed on the tail
    let fresh = known !== undefined || cached === undefined;
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = current;
      const decided = typeof command === 'function' ? await (command as (s: S) => C | Promise<C>)(state) : command;
      let events: E[];
      try {
        events = this.decider.decide(decided, state);
      } catch (refusal) {
        // a refusal on a cached state is only final on the stream as stored (another instance may have changed it)
        if (fresh) {
          // a retried request whose first try committed (a crash before its answer, ADR 0093) may
          // be refused by its own events (answered already): it was decided, answer what it decided
          const applied = context.idempotencyKey ? await this.appliedBefore(streamId, context) : null;
          if (applied) return applied;
          throw refusal;
        }
        current = await this.load(streamId);
        fresh = true;
        continue;
      }
      if (events.length === 0) {
        // "nothing to do" on a cached state could hide another process's write: confirm on the tail
        if (fresh) return { before: state, events, state, result: null };
        current = await this.load(streamId);
        fresh = true;
        if (current.revision === revision) return { before: state, events, state, result: null };
        continue;
      }
      try {
        const key = context.idempotencyKey;
        const result = await this.store.append(
          streamId,
          events.map(
            (e, i) =>
              ({
                type: e.type,
                data: e.data,
                schemaVersion: this.decider.events.versionOf(e.type),
                ...(key ? { eventId: keyedEventId(context.actor, key, streamId, i) } : {}),
              }) satisfies NewEvent,
          ),
          { expectedRevision: revision ?? 'no-stream', context },
        );
        if (!result.written) {
          // a retried request whose first try committed (its keyed ids are stored): nothing new; answer the stream as stored
          const stored = await this.load(streamId);
          return { before: state, events, state: stored.state, result };
        }
        const next = events.reduce(this.decider.evolve, state);
        this.remember(streamId, { state: next, revision: result.nextRevision });
        return { before: state, events, state: next, result };
      } catch (error) {
        this.cache.delete(streamId);
        if (!(error instanceof ConcurrencyError) || attempt >= attempts) throw error;
        // another writer went first: back off a little (spreads racing retries), decide again on the log
        if (attempt > 1) await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
        current = await this.load(streamId);
        fresh = true;
      }
    }
  }

  /**
   * The events this request's Idempotency-Key names in the stream (keyedEventId, index 0 on),
   * with the stream's state: the request was decided and appended before. Null when not. Reads
   * the whole stream: only a refused retry with a key comes here.
   */
  private async appliedBefore(streamId: string, context: AppendContext): Promise<DecisionOutcome<E, S> | null> {
    const recorded = await this.store.readStream(streamId);
    const ids = new Set(recorded.map((_, i) => keyedEventId(context.actor, context.idempotencyKey!, streamId, i)));
    const mine = recorded.filter((r) => ids.has(r.metadata.eventId));
    if (mine.length === 0) return null;
    let state = this.decider.initial();
    let before = state;
    for (const r of recorded) {
      if (r === mine[0]) before = state;
      state = this.decider.evolve(state, this.decider.events.parse(r));
    }
    const last = mine[mine.length - 1]!;
    return { before, events: mine.map((r) => this.decider.events.parse(r)), state, result: { nextRevision: recorded[recorded.length - 1]!.revision, checkpoint: last.checkpoint, written: false } };
  }

  private remember(streamId: string, folded: Folded<S>) {
    const size = this.options.cacheSize ?? 0;
    if (size <= 0) return;
    this.cache.delete(streamId);
    this.cache.set(streamId, folded);
    if (this.cache.size > size) this.cache.delete(this.cache.keys().next().value!);
  }
}

/**
 * One command on one stream without a cache: StreamWriter's rules for the many writes that are
 * not on a hot path (registration, bookings, locations). Returns the new events, the state after
 * and the append result (null when the decision was to do nothing).
 */
export async function handleCommand<C, E extends { type: string; data: Record<string, unknown> }, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  context: AppendContext,
  options: Pick<StreamWriterOptions, 'attempts'> & {
    /** The stream as the caller has just read it, or `{ state: initial, revision: null }` for a stream it has just named (a new id): no read before deciding. */
    known?: Folded<S>;
  } = {},
): Promise<{ events: E[]; state: S; result: AppendResult | null }> {
  const { known, ...writerOptions } = options;
  const { events, state, result } = await new StreamWriter(store, decider, writerOptions).execute(streamId, command, context, known);
  return { events, state, result };
}

/** Folds a stream without deciding (queries that need the aggregate's own state), through the decider's `events`. */
export async function loadState<E extends { type: string; data: Record<string, unknown> }, S>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, E, S>, 'evolve' | 'initial' | 'events'>,
): Promise<{ state: S; exists: boolean }> {
  const { state, exists } = await new StreamWriter(store, { ...decider, decide: () => [] }).load(streamId);
  return { state, exists };
}
