import { ConcurrencyError, type AppendContext, type AppendResult, type EventStore, type NewEvent } from '@portal/eventstore';

export interface Decider<C, E extends { type: string; data: unknown }, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initial(): S;
}

/**
 * Load a stream, fold it, decide, append with the revision we read (optimistic concurrency).
 * A concurrent writer makes the append fail: decide again on the fresh state (a few times), so
 * the loser gets the rule's answer (email-already-in-use, booking-unavailable) and not a conflict.
 * Returns the new events and the append result (null when the decision was to do nothing).
 */
export async function handleCommand<C, E extends { type: string; data: unknown }, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  context: AppendContext,
  attempts = 5,
): Promise<{ events: E[]; state: S; result: AppendResult | null }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await decideAndAppend(store, streamId, decider, command, context);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= attempts) throw error;
    }
  }
}

async function decideAndAppend<C, E extends { type: string; data: unknown }, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  context: AppendContext,
): Promise<{ events: E[]; state: S; result: AppendResult | null }> {
  const recorded = await store.readStream(streamId);
  const state = recorded.reduce((s, r) => decider.evolve(s, { type: r.type, data: r.data } as E), decider.initial());
  const events = decider.decide(command, state);
  if (events.length === 0) return { events, state, result: null };
  const last = recorded[recorded.length - 1];
  const result = await store.append(
    streamId,
    events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }) satisfies NewEvent),
    { expectedRevision: last ? last.revision : 'no-stream', context },
  );
  const next = events.reduce(decider.evolve, state);
  return { events, state: next, result };
}

/** Folds a stream without deciding (queries that need the aggregate's own state). */
export async function loadState<E extends { type: string; data: unknown }, S>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, E, S>, 'evolve' | 'initial'>,
): Promise<{ state: S; exists: boolean }> {
  const recorded = await store.readStream(streamId);
  return {
    state: recorded.reduce((s, r) => decider.evolve(s, { type: r.type, data: r.data } as E), decider.initial()),
    exists: recorded.length > 0,
  };
}
