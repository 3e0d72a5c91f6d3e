import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, query, type Database } from '@portal/database';
import { START, type AppendContext, type EventStore } from './port.js';
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

  it('rejects an event id already stored in another stream without writing', async () => {
    const eventId = '0190c3a0-0000-7000-8000-0000000000aa';
    await store.append('dup.first', [{ type: 'Noted', data: {}, eventId }], { expectedRevision: 'no-stream', context });
    await expect(store.append('dup.second', [{ type: 'Noted', data: {}, eventId }], { expectedRevision: 'no-stream', context })).rejects.toMatchObject({
      name: 'DuplicateEventIdError',
    });
    expect(await store.readStream('dup.second')).toEqual([]);
  });
});
