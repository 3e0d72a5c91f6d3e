import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, query, type Database } from '@portal/database';
import { ConcurrencyError, DuplicateEventIdError, START, type AppendContext, type EventStore } from './port.js';
import { createPostgresEventStore } from './postgres.js';

const context: AppendContext = { correlationId: '0190c3a0-0000-7000-8000-000000000001', actor: 'system', origin: 'system' };

// Adapter details the contract cannot see. PGlite starts with small transaction ids, so crossing a
// power of ten is cheap here; a server's ids are cluster-wide and large.
describe('Postgres event store (PGlite)', () => {
  let database: Database;
  let store: EventStore;
  beforeAll(async () => {
    database = await createDatabase({});
    store = createPostgresEventStore(database);
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('orders checkpoints by transaction id as a number, also across a power of ten', async () => {
    const before = await store.append('xid.before', [{ type: 'Noted', data: {} }], { expectedRevision: 'no-stream', context });
    const boundary = 10n ** BigInt(before.checkpoint.transactionId.toString().length);
    // every statement that asks for a transaction id runs in its own transaction and burns one
    for (let xid = before.checkpoint.transactionId; xid < boundary; ) {
      xid = BigInt((await query<{ x: string }>(database.db, 'select pg_current_xact_id()::text as x'))[0]!.x);
    }
    const after = await store.append('xid.after', [{ type: 'Noted', data: {} }], { expectedRevision: 'no-stream', context });
    expect(after.checkpoint.transactionId.toString().length).toBeGreaterThan(before.checkpoint.transactionId.toString().length);

    const read = await store.readAll({ after: START });
    expect(read.events.map((e) => e.streamId)).toEqual(['xid.before', 'xid.after']);
    expect((await store.readAll({ after: before.checkpoint })).events.map((e) => e.streamId)).toEqual(['xid.after']);
    expect(await store.headCheckpoint()).toEqual(after.checkpoint);
  });

  it('appends that queue up share a transaction, and each still gets its own outcome', async () => {
    const taken = '0190c3a0-0000-7000-8000-0000000000bb';
    await store.append('batch.taken', [{ type: 'Noted', data: {}, eventId: taken }], { expectedRevision: 'no-stream', context });
    await store.append('batch.existing', [{ type: 'Noted', data: {} }], { expectedRevision: 'no-stream', context });
    const at = (stream: string, expectedRevision: 'no-stream' | 'any' | bigint, data: Record<string, unknown> = {}) =>
      store.append(stream, [{ type: 'Noted', data }], { expectedRevision, context });

    // PGlite runs one append at a time, so everything after the first of these waits in the queue
    const [first, ...queued] = await Promise.allSettled([
      at('batch.a', 'no-stream'),
      at('batch.b', 'no-stream'),
      at('batch.b', 'no-stream'),
      at('batch.existing', 5n),
      at('batch.c', 'any', { n: 1 }),
      at('batch.c', 'any', { n: 2 }),
      at('batch.existing', 0n),
    ]);
    expect(first.status).toBe('fulfilled');
    const [b1, b2, stale, c1, c2, exact] = queued;
    expect(b1).toMatchObject({ status: 'fulfilled', value: { nextRevision: 0n, written: true } });
    expect(b2.status === 'rejected' && b2.reason).toBeInstanceOf(ConcurrencyError);
    expect(stale.status === 'rejected' && stale.reason).toBeInstanceOf(ConcurrencyError);
    expect(exact).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1n } });
    expect((await store.readStream('batch.c')).map((e) => e.data.n)).toEqual([1, 2]);
    const written = [b1, c1, c2, exact].map((r) => (r.status === 'fulfilled' ? r.value.checkpoint.transactionId : -1n));
    expect(new Set(written).size).toBe(1);
    expect(await store.verifyStream('batch.c')).toMatchObject({ ok: true, checked: 2 });

    // an id stored elsewhere fails its whole batch in the database; only its caller may see that
    const [ok1, clash, ok2] = await Promise.allSettled([
      at('batch.d', 'no-stream'),
      store.append('batch.e', [{ type: 'Noted', data: {}, eventId: taken }], { expectedRevision: 'no-stream', context }),
      at('batch.f', 'no-stream'),
    ]);
    expect(ok1.status).toBe('fulfilled');
    expect(clash.status === 'rejected' && clash.reason).toBeInstanceOf(DuplicateEventIdError);
    expect(ok2.status).toBe('fulfilled');
    expect(await store.readStream('batch.e')).toEqual([]);
    expect(await store.readStream('batch.f')).toHaveLength(1);
  });

  it('a batch of appends to different streams judges each append as es_append would, one chain per stream', async () => {
    await store.append('set.existing', [{ type: 'Noted', data: { n: 0 } }], { expectedRevision: 'no-stream', context });
    await store.append('set.behind', [{ type: 'Noted', data: { n: 0 } }], { expectedRevision: 'no-stream', context });
    const committed = { type: 'Noted', data: { n: 'once' }, eventId: '0190c3a0-0000-7000-8000-0000000000cc' };
    const first = await store.append('set.retried', [committed], { expectedRevision: 'no-stream', context });
    const at = (stream: string, expectedRevision: 'no-stream' | 'any' | 'exists' | bigint, events = [{ type: 'Noted', data: { n: 1 } }]) =>
      store.append(stream, events, { expectedRevision, context });

    // one turn of the event loop: all of them travel in one es_append_batch call
    const [fresh, many, exact, stale, missing, behind, exists] = await Promise.allSettled([
      at('set.fresh', 'no-stream'),
      at('set.many', 'any', [1, 2, 3].map((n) => ({ type: 'Noted', data: { n } }))),
      at('set.existing', 0n),
      at('set.stale', 'no-stream').then(() => at('set.stale', 5n)),
      at('set.missing', 'exists'),
      at('set.behind', 3n),
      at('set.fresh-exists', 'exists'),
    ]);
    expect(behind.status === 'rejected' && behind.reason).toMatchObject({ name: 'ConcurrencyError', actual: 0n });
    expect(exists.status === 'rejected' && exists.reason).toMatchObject({ name: 'ConcurrencyError', actual: null });
    expect(await store.readStream('set.behind')).toHaveLength(1);
    expect(fresh).toMatchObject({ status: 'fulfilled', value: { nextRevision: 0n, written: true } });
    expect(many).toMatchObject({ status: 'fulfilled', value: { nextRevision: 2n, written: true } });
    expect(exact).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1n, written: true } });
    expect(stale.status === 'rejected' && stale.reason).toMatchObject({ name: 'ConcurrencyError', actual: 0n });
    expect(missing.status === 'rejected' && missing.reason).toMatchObject({ name: 'ConcurrencyError', actual: null });
    const together = [fresh, many, exact].map((r) => (r.status === 'fulfilled' ? r.value.checkpoint.transactionId : -1n));
    expect(new Set(together).size).toBe(1);
    expect((await store.readStream('set.many')).map((e) => [e.revision, e.data.n])).toEqual([[0n, 1], [1n, 2], [2n, 3]]);
    expect(await store.readStream('set.missing')).toEqual([]);
    for (const stream of ['set.fresh', 'set.many', 'set.existing']) expect(await store.verifyStream(stream)).toMatchObject({ ok: true });

    // a retry of an append that did commit, batched with others, is still a duplicate (stale
    // revision or 'any'), and the others are written once
    const [again, neighbour] = await Promise.allSettled([
      store.append('set.retried', [committed], { expectedRevision: 'no-stream', context }),
      at('set.neighbour', 'no-stream'),
    ]);
    expect(again).toMatchObject({ status: 'fulfilled', value: { written: false, nextRevision: 0n, checkpoint: first.checkpoint } });
    expect(neighbour).toMatchObject({ status: 'fulfilled', value: { written: true } });
    const [againAny, other] = await Promise.allSettled([
      store.append('set.retried', [committed], { expectedRevision: 'any', context }),
      at('set.other', 'no-stream'),
    ]);
    expect(againAny).toMatchObject({ status: 'fulfilled', value: { written: false, nextRevision: 0n } });
    expect(other).toMatchObject({ status: 'fulfilled', value: { written: true } });
    expect(await store.readStream('set.retried')).toHaveLength(1);
    expect(await store.readStream('set.neighbour')).toHaveLength(1);
    expect(await store.readStream('set.other')).toHaveLength(1);
  });

  it('rejects an event id already stored in another stream without writing', async () => {
    const eventId = '0190c3a0-0000-7000-8000-0000000000aa';
    await store.append('dup.first', [{ type: 'Noted', data: {}, eventId }], { expectedRevision: 'no-stream', context });
    await expect(store.append('dup.second', [{ type: 'Noted', data: {}, eventId }], { expectedRevision: 'no-stream', context })).rejects.toMatchObject({
      name: 'DuplicateEventIdError',
    });
    expect(await store.readStream('dup.second')).toEqual([]);
  });
});
