import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely, Transaction } from 'kysely';
import { createDatabase, query, type Database } from '@portal/database';
import { createEventStore, type Checkpoint, type EventStore, type RecordedEvent } from '@portal/eventstore';
import { createReplicatedClusters, type ReplicatedClusters } from '@portal/testing/pg-replica';
import { ProjectionRuntime } from './runtime.js';
import { ReplicaPool } from './replicas.js';
import type { ProjectionDefinition } from './projection.js';

/**
 * The read pool against a real streaming replica (pg_basebackup -R of a primary made for this file,
 * ADR 0095): reads inside a scope go to the replica, read-your-writes waits for the replica's
 * checkpoint row and falls back to the primary past the bound, a stopped or lagging replica leaves
 * the pool and comes back.
 */
const deposits: ProjectionDefinition = {
  name: 'deposits',
  version: 1,
  eventTypes: ['Deposited'],
  async migrate(db: Kysely<any>, schema: string) {
    await db.schema.withSchema(schema).createTable('balances').ifNotExists().addColumn('account', 'text', (c) => c.primaryKey()).addColumn('balance', 'integer', (c) => c.notNull()).execute();
  },
  async apply(trx: Transaction<any>, schema: string, events: RecordedEvent[]) {
    for (const e of events) {
      const amount = Number(e.data.amount);
      await trx
        .withSchema(schema)
        .insertInto('balances')
        .values({ account: String(e.data.account), balance: amount })
        .onConflict((oc) => oc.column('account').doUpdateSet((eb) => ({ balance: eb('balances.balance', '+', amount) })))
        .execute();
    }
  },
};

const ctx = { correlationId: 'c', actor: 'system', origin: 'cli' as const };
const port = 41_000 + Math.floor(Math.random() * 2000) * 2;
let clusters: ReplicatedClusters;
let primary: Database;
let store: EventStore;
let pool: ReplicaPool;
let runtime: ProjectionRuntime;

async function deposit(account: string, amount: number): Promise<Checkpoint> {
  const result = await store.append(`account-${account}`, [{ type: 'Deposited', data: { account, amount } }], { expectedRevision: 'any', context: ctx });
  return result.checkpoint;
}
const balanceRead = async (account: string): Promise<number | null> =>
  ((await runtime.reader('deposits').selectFrom('balances').select('balance').where('account', '=', account).executeTakeFirst()) as { balance: number } | undefined)?.balance ?? null;
async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(pool.status())}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const stateOfReplica = () => pool.status()[0]!.state;

beforeAll(async () => {
  clusters = createReplicatedClusters({ primaryPort: port, replicaPort: port + 1, sharedBuffers: '32MB' });
  primary = await createDatabase({ url: clusters.primaryUrl, poolSize: 5 });
  store = createEventStore({ database: primary });
  await store.migrate();
  pool = new ReplicaPool(primary, [clusters.replicaUrl], { checkMs: 100, maxLagMs: 1000, poolSize: 3 });
  runtime = new ProjectionRuntime(primary, store, [deposits], { readWaitMs: 1500, pollMs: 50, replicas: pool });
  await runtime.start();
  await pool.start();
  await until('the replica to serve the projection', () => pool.run(() => pool.readerFor('deposits', runtime.schemaOf('deposits'))) !== null);
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
  await pool?.stop();
  await store?.close();
  await primary?.close();
  clusters?.destroy();
});

describe('replica read pool', () => {
  it('reads a request scope from the replica, after its checkpoint row reached the write', async () => {
    const at = await deposit('a', 5);
    await pool.run(async () => {
      expect(await runtime.waitFor('deposits', at)).toBe(true);
      expect(await balanceRead('a')).toBe(5);
      expect(pool.current()).toBe(`127.0.0.1:${port + 1}`);
      // the rows really came from the replica: it is read-only
      const [row] = await query<{ standby: boolean }>(runtime.reader('deposits'), 'select pg_is_in_recovery() as standby');
      expect(row!.standby).toBe(true);
    });
    // outside a scope (runners, jobs) reads stay on the primary
    const [row] = await query<{ standby: boolean }>(runtime.reader('deposits'), 'select pg_is_in_recovery() as standby');
    expect(row!.standby).toBe(false);
    expect(pool.status()[0]).toMatchObject({ name: `127.0.0.1:${port + 1}`, state: 'up', error: null });
  });

  it('falls back to the primary when the replica has not replayed the write within the bound, and takes a lagging replica out', async () => {
    await query(pool['replicas'][0]!.database.db, 'select pg_wal_replay_pause()');
    try {
      const at = await deposit('b', 7);
      await pool.run(async () => {
        // chosen while still up: its checkpoint row never gets there, so the read goes to the primary
        expect(pool.readerFor('deposits', runtime.schemaOf('deposits'))).not.toBeNull();
        expect(await runtime.waitFor('deposits', at)).toBe(true);
        expect(pool.current()).toBeNull();
        expect(await balanceRead('b')).toBe(7);
      });
      await until('the paused replica to be lagging', () => stateOfReplica() === 'lagging');
      expect(pool.status()[0]!.lagMs).toBeGreaterThan(1000);
      await pool.run(async () => {
        expect(await balanceRead('b')).toBe(7);
        expect(pool.current()).toBeNull();
      });
    } finally {
      await query(pool['replicas'][0]!.database.db, 'select pg_wal_replay_resume()');
    }
    await until('the resumed replica to be back', () => stateOfReplica() === 'up');
  });

  it('takes a stopped replica out of the pool, serves every read from the primary, and puts it back when it is started', async () => {
    clusters.stopReplica('fast');
    await until('the stopped replica to be down', () => stateOfReplica() === 'down');
    expect(pool.status()[0]!.error).toBeTruthy();
    const at = await deposit('c', 11);
    await pool.run(async () => {
      expect(await runtime.waitFor('deposits', at)).toBe(true);
      expect(await balanceRead('c')).toBe(11);
      expect(pool.current()).toBeNull();
    });
    clusters.startReplica();
    await until('the restarted replica to be back', () => stateOfReplica() === 'up', 20_000);
    const next = await deposit('c', 1);
    await pool.run(async () => {
      expect(await runtime.waitFor('deposits', next)).toBe(true);
      expect(await balanceRead('c')).toBe(12);
      expect(pool.current()).toBe(`127.0.0.1:${port + 1}`);
    });
  });
});
