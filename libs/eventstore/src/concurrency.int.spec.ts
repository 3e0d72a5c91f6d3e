import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, query, type Database } from '@portal/database';
import { v7 as uuidv7 } from 'uuid';
import { ConcurrencyError, START, compareCheckpoints, type AppendContext, type Checkpoint, type EventStore } from './port.js';
import { createPostgresEventStore, postgresEventStoreNames } from './postgres.js';
import { prepareEvents } from './prepare-events.js';
import { createScratchDatabase } from '@portal/database';

const databaseUrl = process.env.TEST_DATABASE_URL;
const context: AppendContext = { correlationId: uuidv7(), actor: 'system', origin: 'system' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Target {
  database: Database;
  dispose(): Promise<void>;
}

/**
 * Real concurrency needs a server: PGlite is one session behind a mutex, so there the same
 * scenarios only show that the outcomes hold when the calls interleave, not that commits racing
 * out of order are handled. Both run; the server run is the one that proves it.
 */
function concurrencySuite(name: string, open: () => Promise<Target>): void {
  describe(`Postgres event store under concurrency: ${name}`, () => {
    let target: Target;
    let database: Database;
    let store: EventStore;

    beforeAll(async () => {
      target = await open();
      database = target.database;
      store = createPostgresEventStore(database);
      await store.migrate();
    });
    afterAll(async () => {
      await store?.close();
      await target?.dispose();
    });

    it('a reader tailing readAll during 8 concurrent writers gets every committed event once, in checkpoint order', async () => {
      const total = 2_000;
      const streams = Array.from({ length: 20 }, (_, i) => `concurrency.tail-${i}`);
      const names = postgresEventStoreNames();
      const committed = new Set<string>();
      let claimed = 0;
      let writersDone = false;

      // Some appends hold their transaction open after es_append returned, so rows with low
      // positions commit after rows with higher ones: the case a position-only reader skips.
      const slowAppend = async (stream: string, count: number) => {
        const prepared = prepareEvents(
          Array.from({ length: count }, () => ({ type: 'Tailed', data: { slow: true } })),
          { expectedRevision: 'any', context },
        );
        await database.db.transaction().execute(async (tx) => {
          await query(tx, `select * from ${names.append}($1, 'any', $2::jsonb)`, [stream, JSON.stringify(prepared)]);
          await query(tx, 'select pg_sleep(0.03)');
        });
        return prepared.map((e) => e.eventId);
      };

      const writer = async (w: number) => {
        for (let i = 0; ; i++) {
          const count = 1 + ((w + i) % 3);
          if (claimed >= total) return;
          const take = Math.min(count, total - claimed);
          claimed += take;
          const stream = streams[(w * 7 + i) % streams.length]!;
          if (i % 25 === 3) {
            for (const id of await slowAppend(stream, take)) committed.add(id);
            continue;
          }
          const ids = Array.from({ length: take }, () => uuidv7());
          await store.append(
            stream,
            ids.map((eventId, n) => ({ type: 'Tailed', eventId, data: { writer: w, i, n } })),
            { expectedRevision: 'any', context },
          );
          for (const id of ids) committed.add(id);
        }
      };

      const received: string[] = [];
      const checkpoints: Checkpoint[] = [];
      const reader = async () => {
        let checkpoint = START;
        // Visibility waits for every older transaction in the cluster (other test files' too), so
        // the reader stops on the count, then reads once more to catch anything delivered twice.
        // The deadline turns a skipped event into a failed assertion rather than a test timeout.
        let deadline = Infinity;
        while (!(writersDone && received.length >= committed.size) && Date.now() < deadline) {
          if (writersDone && deadline === Infinity) deadline = Date.now() + 15_000;
          const page = await store.readAll({ after: checkpoint, limit: 100 });
          for (const event of page.events) {
            received.push(event.metadata.eventId);
            checkpoints.push(event.checkpoint);
          }
          checkpoint = page.checkpoint;
          if (page.events.length === 0) await sleep(2);
        }
        const extra = await store.readAll({ after: checkpoint, limit: 100 });
        received.push(...extra.events.map((e) => e.metadata.eventId));
      };

      const readerDone = reader();
      await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
      writersDone = true;
      await readerDone;

      expect(committed.size).toBe(total);
      expect(received).toHaveLength(total);
      expect(new Set(received).size).toBe(total);
      expect(new Set(received)).toEqual(committed);
      for (let i = 1; i < checkpoints.length; i++) expect(compareCheckpoints(checkpoints[i - 1]!, checkpoints[i]!)).toBe(-1);
      for (const stream of streams) expect((await store.verifyStream(stream)).ok).toBe(true);
    }, 120_000);

    it('of 20 concurrent appends expecting the same revision exactly one succeeds, 19 get ConcurrencyError', async () => {
      const stream = 'concurrency.race-exact';
      await store.append(stream, [{ type: 'Opened', data: {} }], { expectedRevision: 'no-stream', context });
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => store.append(stream, [{ type: 'Claimed', data: { i } }], { expectedRevision: 0n, context })),
      );
      const fulfilled = results.filter((r) => r.status === 'fulfilled');
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(19);
      for (const r of rejected) {
        expect(r.reason).toBeInstanceOf(ConcurrencyError);
        expect((r.reason as ConcurrencyError).actual).toBe(1n);
      }
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0n, 1n]);
    });

    it("of 20 concurrent 'no-stream' appends creating one stream exactly one succeeds", async () => {
      const stream = 'concurrency.race-create';
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => store.append(stream, [{ type: 'Opened', data: { i } }], { expectedRevision: 'no-stream', context })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected).toHaveLength(19);
      for (const r of rejected) expect(r.reason).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(stream)).toHaveLength(1);
      expect(await store.verifyStream(stream)).toMatchObject({ ok: true, checked: 1 });
    });

    it("20 concurrent 'any' appends to a new stream all succeed with one unbroken chain", async () => {
      const stream = 'concurrency.race-any';
      await Promise.all(Array.from({ length: 20 }, (_, i) => store.append(stream, [{ type: 'Noted', data: { i } }], { expectedRevision: 'any', context })));
      const read = await store.readStream(stream);
      expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 20 }, (_, i) => BigInt(i)));
      expect(await store.verifyStream(stream)).toMatchObject({ ok: true, checked: 20 });
    });

    it('verifyStream reports the first altered or removed revision', async () => {
      const names = postgresEventStoreNames();
      const stream = 'concurrency.tampered';
      for (let i = 0; i < 5; i++) await store.append(stream, [{ type: 'Scored', data: { points: i } }], { expectedRevision: 'any', context });
      expect(await store.verifyStream(stream)).toMatchObject({ ok: true, checked: 5 });

      await query(database.db, `update ${names.events} set data = '{"points": 100}' where stream_id = $1 and revision = 2`, [stream]);
      const altered = await store.verifyStream(stream);
      expect(altered).toMatchObject({ ok: false, brokenAt: 2n });

      await query(database.db, `update ${names.events} set data = '{"points": 2}' where stream_id = $1 and revision = 2`, [stream]);
      expect(await store.verifyStream(stream)).toMatchObject({ ok: true, checked: 5 });

      await query(database.db, `delete from ${names.events} where stream_id = $1 and revision = 4`, [stream]);
      expect(await store.verifyStream(stream)).toMatchObject({ ok: false, brokenAt: 4n });
      await query(database.db, `delete from ${names.events} where stream_id = $1 and revision = 1`, [stream]);
      expect(await store.verifyStream(stream)).toMatchObject({ ok: false, brokenAt: 1n });
    });
  });
}

concurrencySuite('PGlite (in memory)', async () => {
  const database = await createDatabase({});
  return { database, dispose: () => database.close() };
});

if (databaseUrl) {
  concurrencySuite('Postgres server', async () => {
    const scratch = await createScratchDatabase(databaseUrl, 'es_concurrency');
    const database = await createDatabase({ url: scratch.url, poolSize: 40 });
    return {
      database,
      async dispose() {
        await database.close();
        await scratch.drop();
      },
    };
  });
} else {
  console.info('event store concurrency: Postgres server not run, only PGlite, which cannot commit out of order (set TEST_DATABASE_URL)');
}
