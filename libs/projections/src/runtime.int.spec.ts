import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely, Transaction } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { createEventStore, type EventStore, type RecordedEvent } from '@portal/eventstore';
import { ProjectionRuntime } from './runtime.js';
import type { ProjectionDefinition } from './projection.js';

/** A read model that sums amounts per account; it can be told to fail on one event. */
function ledger(options: { failOnAmount?: number; version?: number } = {}): ProjectionDefinition & { failing: { amount: number | null } } {
  const failing = { amount: options.failOnAmount ?? null };
  return {
    name: 'ledger',
    version: options.version ?? 1,
    eventTypes: ['Deposited'],
    failing,
    async migrate(db: Kysely<any>, schema: string) {
      await db.schema
        .withSchema(schema)
        .createTable('balances')
        .ifNotExists()
        .addColumn('account', 'text', (c) => c.primaryKey())
        .addColumn('balance', 'integer', (c) => c.notNull())
        .addColumn('deposits', 'integer', (c) => c.notNull())
        .execute();
    },
    async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
      for (const e of events) {
        const amount = Number(e.data.amount);
        if (failing.amount === amount) throw new Error(`refusing ${amount}`);
        await trx
          .withSchema(schema)
          .insertInto('balances')
          .values({ account: String(e.data.account), balance: amount, deposits: 1 })
          .onConflict((oc) =>
            oc.column('account').doUpdateSet((eb) => ({
              balance: eb('balances.balance', '+', amount),
              deposits: eb('balances.deposits', '+', 1),
            })),
          )
          .execute();
      }
    },
  };
}

const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };
let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ database: db.database });
  await store.migrate();
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const balances = async (runtime: ProjectionRuntime) =>
  runtime.reader('ledger').selectFrom('balances').select(['account', 'balance', 'deposits']).orderBy('account').execute();

describe('projection runtime', () => {
  it('applies a batch that throws half-way zero times, then exactly once after a restart', async () => {
    await store.append('acct-a', [1, 2, 3, 4].map((amount) => ({ type: 'Deposited', data: { account: 'a', amount } })), { expectedRevision: 'any', context: ctx });
    const broken = ledger({ failOnAmount: 3 });
    const first = new ProjectionRuntime(db.database, store, [broken], { run: false, batchSize: 10 });
    await first.start();
    await expect(first.catchUp()).rejects.toThrow('refusing 3');
    // amounts 1 and 2 were written inside the failed transaction: none of them is visible
    expect(await balances(first)).toEqual([]);
    await first.stop();

    const fixed = new ProjectionRuntime(db.database, store, [ledger()], { run: false, batchSize: 10 });
    await fixed.start();
    await fixed.catchUp();
    expect(await balances(fixed)).toEqual([{ account: 'a', balance: 10, deposits: 4 }]);
    await fixed.catchUp();
    expect(await balances(fixed)).toEqual([{ account: 'a', balance: 10, deposits: 4 }]);
    await fixed.stop();
  });

  it('runs live: an append wakes the runner and waitFor sees the write (read-your-writes)', async () => {
    const runtime = new ProjectionRuntime(db.database, store, [ledger()], { batchSize: 10, pollMs: 5000 });
    await runtime.start();
    const { checkpoint } = await store.append('acct-b', [{ type: 'Deposited', data: { account: 'b', amount: 5 } }], { expectedRevision: 'any', context: ctx });
    expect(await runtime.waitFor('ledger', checkpoint, 5000)).toBe(true);
    expect(await balances(runtime)).toContainEqual({ account: 'b', balance: 5, deposits: 1 });
    expect(await runtime.lag('ledger')).toBe(0);
    await runtime.stop();
  });

  it('rebuilds from the log into a new schema that equals the incremental one, while the old one serves', async () => {
    for (let i = 0; i < 30; i++) {
      await store.append(`acct-${i % 7}`, [{ type: 'Deposited', data: { account: `r${i % 7}`, amount: i } }], { expectedRevision: 'any', context: ctx });
    }
    const runtime = new ProjectionRuntime(db.database, store, [ledger()], { run: false, batchSize: 7 });
    await runtime.start();
    await runtime.catchUp();
    const incremental = await balances(runtime);
    const oldSchema = runtime.schemaOf('ledger');
    let progressCalls = 0;
    const rebuilt = await runtime.rebuild('ledger', () => (progressCalls += 1));
    expect(rebuilt.schema).not.toBe(oldSchema);
    expect(progressCalls).toBeGreaterThan(0);
    expect(runtime.schemaOf('ledger')).toBe(rebuilt.schema);
    expect(await balances(runtime)).toEqual(incremental);
    await runtime.stop();
  });

  it('rebuilds on start when the projection version changes', async () => {
    const runtime = new ProjectionRuntime(db.database, store, [ledger({ version: 2 })], { run: false });
    await runtime.start();
    expect(runtime.schemaOf('ledger')).toMatch(/^rm_ledger_v2/);
    const total = (await balances(runtime)).reduce((s, r) => s + Number(r.deposits), 0);
    expect(total).toBe(4 + 1 + 30);
    await runtime.stop();
  });

  if (process.env.TEST_DATABASE_URL) {
    it('lets one runner per projection hold the lease across processes (Postgres server)', async () => {
      const a = new ProjectionRuntime(db.database, store, [ledger({ version: 2 })], { pollMs: 50 });
      const b = new ProjectionRuntime(db.database, store, [ledger({ version: 2 })], { pollMs: 50 });
      await a.start();
      await b.start();
      await new Promise((r) => setTimeout(r, 300));
      const held = [a, b].map((r) => r.status()[0]!.leaseHeld);
      expect(held.filter(Boolean)).toHaveLength(1);
      // the follower still serves reads that wait for a checkpoint, by reading the stored one
      const { checkpoint } = await store.append('acct-z', [{ type: 'Deposited', data: { account: 'z', amount: 1 } }], { expectedRevision: 'any', context: ctx });
      expect(await a.waitFor('ledger', checkpoint, 5000)).toBe(true);
      expect(await b.waitFor('ledger', checkpoint, 5000)).toBe(true);
      await a.stop();
      await b.stop();
    });
  } else {
    console.info('[tests] lease test across processes needs a Postgres server (TEST_DATABASE_URL): not run on PGlite');
  }
});
