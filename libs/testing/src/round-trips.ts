import { AsyncLocalStorage } from 'node:async_hooks';
import { DefaultQueryExecutor } from 'kysely';
import type { EventStore } from '@portal/eventstore';
import type { TestApp } from './app.js';

/** What one call cost in trips to the database, counted (not timed: timing on a shared machine is noise). */
export interface RoundTrips {
  /** Event store calls, one line each: `readStream <stream>`, `append <stream>`, `readAll`, `headCheckpoint`. */
  store: string[];
  /** SQL statements sent (through Kysely: the store's, the projections' and the read models'), without BEGIN/COMMIT. */
  statements: number;
}

const current = new AsyncLocalStorage<RoundTrips>();
const COUNTED = ['readStream', 'append', 'readAll', 'headCheckpoint'] as const;
const wrapped = new WeakSet<EventStore>();
let statementsWrapped = false;

function countStatements(): void {
  if (statementsWrapped) return;
  statementsWrapped = true;
  // every Kysely executor (the pool's, a transaction's, a schema-scoped reader's) runs its statements here
  const base = Object.getPrototypeOf(DefaultQueryExecutor.prototype) as { executeQuery(...args: unknown[]): Promise<unknown> };
  const original = base.executeQuery;
  base.executeQuery = function (this: unknown, ...args: unknown[]) {
    const trips = current.getStore();
    if (trips) trips.statements += 1;
    return original.apply(this, args);
  };
}

function countStoreCalls(store: EventStore): void {
  if (wrapped.has(store)) return;
  wrapped.add(store);
  const target = store as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of COUNTED) {
    const original = target[name]!.bind(store);
    target[name] = (...args: unknown[]) => {
      const trips = current.getStore();
      if (trips) trips.store.push(typeof args[0] === 'string' ? `${name} ${args[0]}` : name);
      return original(...args);
    };
  }
}

/**
 * Runs `fn` (usually one request of the test app) and counts what it asked of the database on its
 * own async path: event store calls by stream and SQL statements. Work that the call merely woke
 * (projection runners on their own loop) is not counted; work it started and left running (a mail
 * sent after the answer) is counted while `fn` runs, so measure calls that await their own work.
 */
export async function roundTrips<T>(t: TestApp, fn: () => Promise<T>): Promise<RoundTrips & { value: T }> {
  countStatements();
  countStoreCalls(t.infra.store);
  const trips: RoundTrips = { store: [], statements: 0 };
  const value = await current.run(trips, fn);
  return { ...trips, value };
}

/** The store calls of a count that touch streams starting with one of `prefixes` (e.g. `booking.`). */
export const storeCallsOn = (trips: RoundTrips, ...prefixes: string[]): string[] =>
  trips.store.filter((line) => prefixes.some((p) => line.split(' ')[1]?.startsWith(p)));
