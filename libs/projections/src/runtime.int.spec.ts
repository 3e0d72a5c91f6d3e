import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { z } from 'zod';
import { createEventStore, defineEvents, type EventStore, type RecordedEvent } from '@portal/eventstore';
import { ProjectionAheadOfLogError, ProjectionRuntime } from './runtime.js';
import { defineProjection, type ProjectionDefinition } from './projection.js';

/** A read model that sums amounts per account; it can be told to fail on one event. */
function ledger(options: { failOnAmount?: number; version?: number; readIndex?: boolean; name?: string; eventType?: string } = {}): ProjectionDefinition & { failing: { amount: number | null }; indexesWhileApplying: number[] } {
  const failing = { amount: options.failOnAmount ?? null };
  const indexesWhileApplying: number[] = [];
  return {
    name: options.name ?? 'ledger',
    version: options.version ?? 1,
    eventTypes: [options.eventType ?? 'Deposited'],
    failing,
    indexesWhileApplying,
    ...(options.readIndex ? { readIndexesAfterCopy: true } : {}),
    async migrate(db: Kysely<any>, schema: string) {
      await db.schema
        .withSchema(schema)
        .createTable('balances')
        .ifNotExists()
        .addColumn('account', 'text', (c) => c.primaryKey())
        .addColumn('balance', 'integer', (c) => c.notNull())
        .addColumn('deposits', 'integer', (c) => c.notNull())
        .execute();
      if (options.readIndex) await db.schema.withSchema(schema).createIndex('balances_by_balance').ifNotExists().on('balances').columns(['balance', 'account']).execute();
    },
    async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
      if (options.readIndex) indexesWhileApplying.push((await trx.executeQuery<{ n: number }>(CompiledQuery.raw('select count(*)::int as n from pg_indexes where schemaname = $1', [schema]))).rows[0]!.n);
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

/** A transaction holding an older transaction id than any append made while it is open. */
async function openOlderTransaction(): Promise<{ commit: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const done = db.database.withSession(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('begin'));
    await conn.executeQuery(CompiledQuery.raw('select pg_current_xact_id()'));
    opened();
    await released;
    await conn.executeQuery(CompiledQuery.raw('commit'));
  });
  await open;
  return {
    commit: async () => {
      release();
      await done;
    },
  };
}

/** The store, calling `afterFilteredRead` once a read of certain event types has answered. */
function watchedStore(afterFilteredRead: () => Promise<void>): EventStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'readAll') return Reflect.get(target, property, receiver);
      return async (options?: Parameters<EventStore['readAll']>[0]) => {
        const result = await target.readAll(options);
        if (options?.types) await afterFilteredRead();
        return result;
      };
    },
  });
}

/** Waits (bounded) until `check` holds; false when it never did. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) if (await check()) return true;
  return check();
}

/** Ends backends of this test's database the way a tester (or a failover) would; returns how many. */
async function terminate(where: string): Promise<number> {
  const rows = await db.database.db.executeQuery<{ ended: boolean }>(
    CompiledQuery.raw(`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and (${where})`),
  );
  return rows.rows.length;
}
const advisoryHolders = `pid in (select pid from pg_locks where locktype = 'advisory' and granted)`;
const listeners = `query ilike 'listen %'`;
const schemaExists = async (schema: string) =>
  (await db.database.db.executeQuery(CompiledQuery.raw('select 1 from pg_namespace where nspname = $1', [schema]))).rows.length > 0;
const advisoryLocks = async () =>
  (await db.database.db.executeQuery(CompiledQuery.raw(`select 1 from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`))).rows.length;
const listenerCount = async () =>
  (await db.database.db.executeQuery(CompiledQuery.raw(`select 1 from pg_stat_activity where datname = current_database() and ${listeners}`))).rows.length;
const heldBy = (runtime: ProjectionRuntime) => runtime.status()[0]!.leaseHeld;

const balances = async (runtime: ProjectionRuntime, name = 'ledger') =>
  runtime.reader(name).selectFrom('balances').select(['account', 'balance', 'deposits']).orderBy('account').execute();

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

  it('reports each committed batch to onApplied listeners as the projection parsed it (upcast, typed), never raw (ADR 0086)', async () => {
    // Noted v1 stored { text }; v2 is { words }
    const noted = defineEvents({ Noted: z.object({ words: z.array(z.string()) }) }, { Noted: { 1: (data) => ({ words: String(data.text).split(' ') }) } });
    const notes = defineProjection({ name: 'notes', version: 1, events: noted, migrate: async () => {}, apply: async () => {} });
    const runtime = new ProjectionRuntime(db.database, store, [notes], { batchSize: 10, pollMs: 5000 });
    const batches: (string[][] | null)[] = [];
    const off = runtime.onApplied(notes, (events) => batches.push(events && events.map((e) => e.data.words)));
    await runtime.start();
    const { checkpoint } = await store.append('notes-1', [{ type: 'Noted', data: { text: 'soja milho' }, schemaVersion: 1 }, { type: 'Noted', data: { words: ['trigo'] }, schemaVersion: 2 }], {
      expectedRevision: 'any',
      context: ctx,
    });
    expect(await runtime.waitFor('notes', checkpoint, 5000)).toBe(true);
    expect(batches.filter((b) => b !== null).flat()).toEqual([['soja', 'milho'], ['trigo']]);
    off();
    await runtime.stop();
  });

  it('wakes only for its own types, and still finds an append nobody told it about on its next poll', async () => {
    const runtime = new ProjectionRuntime(db.database, store, [ledger()], { batchSize: 10, pollMs: 200 });
    await runtime.start();
    await store.append('acct-p', [{ type: 'Deposited', data: { account: 'p', amount: 1 } }], { expectedRevision: 'any', context: ctx });
    // an event of a type it does not project: a read waiting for it is answered without a batch
    const other = await store.append('acct-p', [{ type: 'Audited', data: { account: 'p' } }], { expectedRevision: 'any', context: ctx });
    expect(await runtime.waitFor('ledger', other.checkpoint, 5000)).toBe(true);
    expect(await balances(runtime)).toContainEqual({ account: 'p', balance: 1, deposits: 1 });
    // written behind the store's back (as another process whose notification was lost would)
    await db.database.db.executeQuery(
      CompiledQuery.raw(`select * from es_append($1, 'any', $2::jsonb)`, [
        'acct-p',
        JSON.stringify([{ eventId: '0190c3a0-0000-7000-8000-00000000f001', type: 'Deposited', schemaVersion: 1, data: { account: 'p', amount: 2 }, metadata: {} }]),
      ]),
    );
    const until = Date.now() + 5000;
    while (Date.now() < until && !(await balances(runtime)).some((r) => r.account === 'p' && r.balance === 3)) await new Promise((r) => setTimeout(r, 50));
    expect(await balances(runtime)).toContainEqual({ account: 'p', balance: 3, deposits: 2 });
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

  it('a projection whose indexes serve reads only rebuilds without them and has them again before the swap', async () => {
    const def = ledger({ readIndex: true });
    const runtime = new ProjectionRuntime(db.database, store, [def], { run: false, batchSize: 7 });
    await runtime.start();
    await runtime.catchUp();
    const incremental = await balances(runtime);
    const indexesOf = async (schema: string) =>
      (await db.database.db.executeQuery<{ indexname: string }>(CompiledQuery.raw('select indexname from pg_indexes where schemaname = $1 order by indexname', [schema]))).rows.map((r) => r.indexname);
    def.indexesWhileApplying.length = 0;
    const rebuilt = await runtime.rebuild('ledger');
    // while the log was copied only the primary key was kept up to date
    expect(def.indexesWhileApplying.length).toBeGreaterThan(1);
    expect(new Set(def.indexesWhileApplying)).toEqual(new Set([1]));
    expect(await indexesOf(rebuilt.schema)).toEqual(['balances_by_balance', 'balances_pkey']);
    expect(await balances(runtime)).toEqual(incremental);
    await runtime.stop();
  });

  it('rebuilds several projections in one pass over the log, each equal to its incremental rows', async () => {
    for (let i = 0; i < 12; i++) {
      await store.append(`wd-${i % 3}`, [{ type: 'Withdrawn', data: { account: `w${i % 3}`, amount: i + 1 } }], { expectedRevision: 'any', context: ctx });
    }
    const deposits = ledger();
    const withdrawals = ledger({ name: 'withdrawals', eventType: 'Withdrawn', readIndex: true });
    const runtime = new ProjectionRuntime(db.database, store, [deposits, withdrawals], { run: false, batchSize: 3 });
    await runtime.start();
    await runtime.catchUp();
    const incremental = { deposits: await balances(runtime), withdrawals: await balances(runtime, 'withdrawals') };
    expect(incremental.withdrawals).toHaveLength(3);
    const depositEvents = incremental.deposits.reduce((n, r) => n + Number(r.deposits), 0);
    const progress: number[] = [];
    const results = await runtime.rebuildTogether(['ledger', 'withdrawals'], (applied) => progress.push(applied));
    expect(results.map((r) => [r.name, r.events])).toEqual([
      ['ledger', depositEvents],
      ['withdrawals', 12],
    ]);
    expect(progress.at(-1)).toBe(depositEvents + 12);
    expect(runtime.schemaOf('ledger')).toBe(results[0]!.schema);
    expect(runtime.schemaOf('withdrawals')).toBe(results[1]!.schema);
    expect({ deposits: await balances(runtime), withdrawals: await balances(runtime, 'withdrawals') }).toEqual(incremental);
    await expect(runtime.rebuildTogether(['ledger', 'nothing'])).rejects.toThrow('unknown projection nothing');
    await runtime.stop();
  });

  it('refuses, with a message naming the checkpoint and the head, to rebuild a projection whose checkpoint is past the log (issue 26 item 18)', async () => {
    const runtime = new ProjectionRuntime(db.database, store, [ledger()], { run: false });
    await runtime.start();
    await runtime.catchUp();
    const head = await store.headCheckpoint();
    // what a restore of the event store from an older backup leaves: a read model ahead of the log
    const ahead = { transactionId: head.transactionId + 1000n, position: head.position + 5n };
    await db.database.db.executeQuery(CompiledQuery.raw('update projection_checkpoints set transaction_id = $1, position = $2 where name = $3', [String(ahead.transactionId), String(ahead.position), 'ledger']));
    const schema = runtime.schemaOf('ledger');
    // it spun forever before: a bound makes that a failure rather than a hung test
    const bounded = <T>(p: Promise<T>) => Promise.race([p, new Promise<never>((_, fail) => setTimeout(() => fail(new Error('the rebuild neither finished nor refused in 10 s')), 10_000))]);
    const refusal = await bounded(runtime.rebuild('ledger')).then(() => null, (error: Error) => error);
    expect(refusal).toBeInstanceOf(ProjectionAheadOfLogError);
    expect(refusal!.message).toContain(`checkpoint ${ahead.transactionId}.${ahead.position} is past the head of the log (${head.transactionId}.${head.position})`);
    expect(refusal!.message).toContain('Refusing to rebuild');
    await expect(bounded(runtime.rebuildTogether(['ledger']))).rejects.toThrow(ProjectionAheadOfLogError);
    // nothing was swapped; moving the checkpoint back to the head, as the message says, lets the rebuild run
    expect(runtime.schemaOf('ledger')).toBe(schema);
    await db.database.db.executeQuery(CompiledQuery.raw('update projection_checkpoints set transaction_id = $1, position = $2 where name = $3', [String(head.transactionId), String(head.position), 'ledger']));
    const rebuilt = await bounded(runtime.rebuild('ledger'));
    expect(runtime.schemaOf('ledger')).toBe(rebuilt.schema);
    await runtime.stop();
  });

  it('rebuilds on start when the projection version changes', async () => {
    const runtime = new ProjectionRuntime(db.database, store, [ledger({ version: 2 })], { run: false });
    await runtime.start();
    expect(runtime.schemaOf('ledger')).toMatch(/^rm_ledger_v2/);
    const total = (await balances(runtime)).reduce((s, r) => s + Number(r.deposits), 0);
    expect(total).toBe(4 + 1 + 2 + 30);
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

    it('does not call a write read while an older transaction still hides it from the log (Postgres server)', async () => {
      // a process that serves reads but runs no projection: only its own looks at the log can answer
      const follower = new ProjectionRuntime(db.database, watchedStore(() => older.commit()), [ledger({ version: 2 })], { run: false });
      const older = await openOlderTransaction();
      await follower.start();
      const { checkpoint } = await store.append('acct-h', [{ type: 'Deposited', data: { account: 'h', amount: 1 } }], { expectedRevision: 'any', context: ctx });
      // the older transaction commits right after the follower's first look for deposits: that look
      // found none, yet the deposit was there all along, hidden
      expect(await follower.waitFor('ledger', checkpoint, 300)).toBe(false);
      await older.commit();
      expect(await follower.waitFor('ledger', checkpoint, 300)).toBe(false);
      expect(await balances(follower)).not.toContainEqual(expect.objectContaining({ account: 'h' }));
      await follower.stop();
    });

    it('switches a serving process at the swap another process makes, and keeps the replaced schema readable (Postgres server)', async () => {
      // no poll within the test: only the swap's notification can tell the serving process
      const serving = new ProjectionRuntime(db.database, store, [ledger({ version: 2 })], { pollMs: 60_000, retireGraceMs: 60_000 });
      await serving.start();
      expect(await eventually(() => heldBy(serving))).toBe(true);
      await serving.catchUp();
      const before = await balances(serving);
      // a request that resolved its reader just before the swap
      const resolvedBefore = serving.reader('ledger');
      const cli = new ProjectionRuntime(db.database, store, [ledger({ version: 2 })], { run: false });
      await cli.start();
      const { schema, retired } = await cli.rebuild('ledger');
      await cli.stop();
      expect(await eventually(() => serving.schemaOf('ledger') === schema, 3000)).toBe(true);
      expect(await resolvedBefore.selectFrom('balances').select(['account', 'balance', 'deposits']).orderBy('account').execute()).toEqual(before);
      expect(await schemaExists(retired!)).toBe(true);
      // what arrives now goes into the new schema
      const { checkpoint } = await store.append('acct-s', [{ type: 'Deposited', data: { account: 's', amount: 9 } }], { expectedRevision: 'any', context: ctx });
      expect(await serving.waitFor('ledger', checkpoint, 5000)).toBe(true);
      expect(await balances(serving)).toContainEqual({ account: 's', balance: 9, deposits: 1 });
      await serving.stop();
    });

    it('reports, on a process without the lease, the lag of the shared checkpoint (Postgres server)', async () => {
      const a = new ProjectionRuntime(db.database, store, [ledger({ version: 2 })], { pollMs: 50 });
      const b = new ProjectionRuntime(db.database, store, [ledger({ version: 2 })], { pollMs: 50 });
      await a.start();
      expect(await eventually(() => heldBy(a))).toBe(true);
      await b.start();
      let last = undefined as Awaited<ReturnType<EventStore['append']>> | undefined;
      for (let i = 0; i < 3; i++) last = await store.append('acct-l', [{ type: 'Deposited', data: { account: 'l', amount: 1 } }], { expectedRevision: 'any', context: ctx });
      expect(await a.waitFor('ledger', last!.checkpoint, 5000)).toBe(true);
      expect(heldBy(b)).toBe(false);
      expect(await b.lag('ledger')).toBe(0);
      expect(b.status()[0]!.checkpoint).toEqual(a.status()[0]!.checkpoint);
      await a.stop();
      await b.stop();
    });

    it('keeps a replaced schema while another process still reads it, and drops it once none does (Postgres server)', async () => {
      const older = new ProjectionRuntime(db.database, store, [ledger({ version: 2 })], { pollMs: 50, retireGraceMs: 100 });
      await older.start();
      expect(await eventually(() => heldBy(older))).toBe(true);
      const olderSchema = older.schemaOf('ledger');
      // a deploy of version 3 rebuilds at start and swaps; the process of version 2 still serves
      const newer = new ProjectionRuntime(db.database, store, [ledger({ version: 3 })], { pollMs: 50, retireGraceMs: 100 });
      await newer.start();
      expect(newer.schemaOf('ledger')).toMatch(/^rm_ledger_v3/);
      expect(await eventually(() => older.status()[0]!.supersededBy === 3)).toBe(true);
      expect(await eventually(() => heldBy(newer))).toBe(true);
      // many grace periods and housekeeping passes of the newer process later
      await new Promise((r) => setTimeout(r, 800));
      expect(await schemaExists(olderSchema)).toBe(true);
      expect((await balances(older)).length).toBeGreaterThan(0);
      await older.stop();
      expect(await eventually(() => schemaExists(olderSchema).then((exists) => !exists), 5000)).toBe(true);
      await newer.stop();
    });

    it('survives the loss of its lease and LISTEN connections: leases taken again, swaps still heard, events projected (Postgres server)', async () => {
      const serving = new ProjectionRuntime(db.database, store, [ledger({ version: 3 })], { pollMs: 60_000 });
      await serving.start();
      expect(await eventually(() => heldBy(serving))).toBe(true);
      const listening = await terminate(listeners);
      expect(await terminate(advisoryHolders)).toBeGreaterThan(0);
      expect(listening).toBeGreaterThan(0);
      // the lease session is opened again and the lease really held (another process could not take it)
      expect(await eventually(async () => heldBy(serving) && (await advisoryLocks()) > 0, 5000)).toBe(true);
      expect(await eventually(async () => (await listenerCount()) >= listening, 5000)).toBe(true);
      // LISTEN works again: a swap by another process is followed without any poll
      const cli = new ProjectionRuntime(db.database, store, [ledger({ version: 3 })], { run: false });
      await cli.start();
      const { schema } = await cli.rebuild('ledger');
      await cli.stop();
      expect(await eventually(() => serving.schemaOf('ledger') === schema, 3000)).toBe(true);
      const { checkpoint } = await store.append('acct-t', [{ type: 'Deposited', data: { account: 't', amount: 4 } }], { expectedRevision: 'any', context: ctx });
      expect(await serving.waitFor('ledger', checkpoint, 5000)).toBe(true);
      expect(await balances(serving)).toContainEqual({ account: 't', balance: 4, deposits: 1 });
      await serving.stop();
    });
  } else {
    console.info('[tests] lease test across processes needs a Postgres server (TEST_DATABASE_URL): not run on PGlite');
  }
});
