import { randomBytes } from 'node:crypto';
import { v7 as uuidv7, validate as isUuid, version as uuidVersion } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrencyError,
  DuplicateEventIdError,
  compareCheckpoints,
  type AppendContext,
  type Checkpoint,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type UpcasterRegistry,
} from './port.js';

export interface EventStoreUnderTest {
  store: EventStore;
  /** Closes the store and whatever the factory opened for it. */
  dispose(): Promise<void>;
}

export type EventStoreFactory = (options: { upcasters: UpcasterRegistry }) => Promise<EventStoreUnderTest>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/**
 * The behaviour every EventStore adapter must have. Stream ids and event types carry a random run
 * id, so the suite also runs against a shared server (EventStoreDB) that already holds events.
 */
export function eventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(`event store contract: ${name}`, () => {
    const run = randomBytes(4).toString('hex');
    let counter = 0;
    const newStream = (label: string) => `contract.${label}-${run}-${++counter}`;
    const typeName = (label: string) => `${label}_${run}`;
    const context: AppendContext = { correlationId: uuidv7(), actor: 'system', origin: 'system' };
    const event = (type: string, data: Record<string, unknown> = {}, extra: Partial<NewEvent> = {}): NewEvent => ({ type, data, ...extra });

    const renamed = typeName('ItemRenamed');
    const upcasters: UpcasterRegistry = {
      // v1 stored { name }, v2 reads { title, language }
      [renamed]: {
        1: (data) => ({ title: data.name, language: 'pt-BR' }),
      },
    };

    let sut: EventStoreUnderTest;
    let store: EventStore;
    beforeAll(async () => {
      sut = await factory({ upcasters });
      store = sut.store;
      await store.migrate();
      // idempotent: a second migrate on a migrated store must not fail
      await store.migrate();
    }, 60_000);
    afterAll(async () => {
      await sut?.dispose();
    });

    const append = (stream: string, events: NewEvent[], expectedRevision: ExpectedRevision = 'any') =>
      store.append(stream, events, { expectedRevision, context });

    // A committed event can take a moment to reach readAll: on Postgres it waits for every older
    // write transaction in the cluster (other test files' too). Readers wait like this: read from
    // where they are until the target checkpoint comes back.
    const visible = async (target: Checkpoint, from: Checkpoint) => {
      const deadline = Date.now() + 30_000;
      for (let after = from; ; ) {
        const page = await store.readAll({ after, limit: 1000 });
        if (page.events.some((e) => compareCheckpoints(e.checkpoint, target) >= 0)) return;
        if (page.events.length > 0) {
          after = page.checkpoint;
          continue;
        }
        if (Date.now() > deadline) throw new Error(`checkpoint ${target.transactionId}.${target.position} not readable within 30 s`);
        await sleep(10);
      }
    };

    it('appends to a new stream and reads the events back in revision order', async () => {
      const stream = newStream('basic');
      const first = await append(stream, [event('Opened', { n: 1 }), event('Noted', { n: 2 })], 'no-stream');
      expect(first).toMatchObject({ nextRevision: 1n, written: true });
      const second = await append(stream, [event('Noted', { n: 3 })], 1n);
      expect(second.nextRevision).toBe(2n);

      const read = await store.readStream(stream);
      expect(read.map((e) => [e.revision, e.type, e.data])).toEqual([
        [0n, 'Opened', { n: 1 }],
        [1n, 'Noted', { n: 2 }],
        [2n, 'Noted', { n: 3 }],
      ]);
      expect(read.every((e) => e.streamId === stream)).toBe(true);
      expect(compareCheckpoints(read[0]!.checkpoint, read[1]!.checkpoint)).toBe(-1);
      expect(compareCheckpoints(read[1]!.checkpoint, read[2]!.checkpoint)).toBe(-1);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(newStream('missing'))).toEqual([]);
    });

    it('readStream honours fromRevision and limit', async () => {
      const stream = newStream('range');
      await append(stream, [0, 1, 2, 3, 4].map((n) => event('Counted', { n })), 'no-stream');
      const read = await store.readStream(stream, { fromRevision: 1n, limit: 3 });
      expect(read.map((e) => e.revision)).toEqual([1n, 2n, 3n]);
    });

    it("'no-stream' creates a stream once; a second create fails with the actual revision", async () => {
      const stream = newStream('no-stream');
      await append(stream, [event('Opened')], 'no-stream');
      const error = await rejection(append(stream, [event('Opened')], 'no-stream'));
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect(error).toMatchObject({ streamId: stream, expected: 'no-stream', actual: 0n });
    });

    it("'exists' rejects a missing stream and accepts an existing one", async () => {
      const stream = newStream('exists');
      const error = await rejection(append(stream, [event('Noted')], 'exists'));
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect(error).toMatchObject({ expected: 'exists', actual: null });
      await append(stream, [event('Opened')], 'no-stream');
      expect((await append(stream, [event('Noted')], 'exists')).nextRevision).toBe(1n);
    });

    it('an exact revision accepts the current revision and rejects a stale, future or missing one', async () => {
      const stream = newStream('exact');
      const missing = await rejection(append(stream, [event('Noted')], 0n));
      expect(missing).toBeInstanceOf(ConcurrencyError);
      expect(missing).toMatchObject({ expected: 0n, actual: null });

      await append(stream, [event('Opened'), event('Noted')], 'no-stream');
      expect((await append(stream, [event('Noted')], 1n)).nextRevision).toBe(2n);
      for (const wrong of [1n, 3n, 0n]) {
        const error = await rejection(append(stream, [event('Noted')], wrong));
        expect(error).toBeInstanceOf(ConcurrencyError);
        expect(error).toMatchObject({ streamId: stream, expected: wrong, actual: 2n });
      }
    });

    it("'any' appends to a missing and to an existing stream", async () => {
      const stream = newStream('any');
      expect((await append(stream, [event('Opened')], 'any')).nextRevision).toBe(0n);
      expect((await append(stream, [event('Noted'), event('Noted')], 'any')).nextRevision).toBe(2n);
    });

    it('a rejected append writes nothing', async () => {
      const stream = newStream('rejected');
      await append(stream, [event('Opened')], 'no-stream');
      await rejection(append(stream, [event('Noted', { lost: true }), event('Noted', { lost: true })], 5n));
      const read = await store.readStream(stream);
      expect(read).toHaveLength(1);
      expect(await store.verifyStream(stream)).toMatchObject({ ok: true, checked: 1 });
    });

    it('retrying an append with the same event ids writes nothing and returns the current revision', async () => {
      const stream = newStream('idempotent');
      const batch = [event('Opened', {}, { eventId: uuidv7() }), event('Noted', {}, { eventId: uuidv7() })];
      const first = await append(stream, batch, 'no-stream');
      await append(stream, [event('Noted')], 1n);

      // the expected revision of the retry is stale by now, and it must still be recognised as a retry
      const retry = await append(stream, batch, 'no-stream');
      expect(retry.written).toBe(false);
      expect(retry.nextRevision).toBe(2n);
      expect(retry.checkpoint).toEqual(first.checkpoint);
      const retryAny = await append(stream, batch, 'any');
      expect(retryAny).toMatchObject({ written: false, nextRevision: 2n });

      const read = await store.readStream(stream);
      expect(read.map((e) => e.metadata.eventId)).toEqual([batch[0]!.eventId, batch[1]!.eventId, read[2]!.metadata.eventId]);

      const partial = await rejection(append(stream, [batch[0]!, event('Noted')], 'any'));
      expect(partial).toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(stream)).toHaveLength(3);
    });

    it('carries metadata: a uuid v7 event id, correlation, causation, actor, origin, client time, schema version', async () => {
      const stream = newStream('metadata');
      const correlationId = uuidv7();
      const causationId = uuidv7();
      const clientTime = '2025-03-01T12:30:00.000-03:00';
      const suppliedId = uuidv7();
      const before = Date.now();
      await store.append(stream, [event('Opened', { a: 1 }), event('Noted', { b: 2 }, { eventId: suppliedId, schemaVersion: 3 })], {
        expectedRevision: 'no-stream',
        context: { correlationId, causationId, actor: 'guest:42', origin: 'web', clientTime },
      });
      const [generated, supplied] = await store.readStream(stream);
      expect(isUuid(generated!.metadata.eventId)).toBe(true);
      expect(uuidVersion(generated!.metadata.eventId)).toBe(7);
      expect(generated!.metadata).toEqual({
        eventId: generated!.metadata.eventId,
        correlationId,
        causationId,
        actor: 'guest:42',
        origin: 'web',
        schemaVersion: 1,
        clientTime,
      });
      expect(supplied!.metadata).toMatchObject({ eventId: suppliedId, schemaVersion: 3, clientTime });
      expect(generated!.recordedAt).toBeInstanceOf(Date);
      // server clocks may differ a little from ours
      expect(Math.abs(generated!.recordedAt.getTime() - before)).toBeLessThan(60_000);

      const plain = newStream('metadata-defaults');
      await append(plain, [event('Opened')], 'no-stream');
      expect((await store.readStream(plain))[0]!.metadata).toMatchObject({ causationId: null, clientTime: null, actor: 'system', origin: 'system' });
    });

    it("keeps an HTTP request's address and user agent in the metadata, under the hash chain; events without them (older ones) verify as before", async () => {
      const stream = newStream('metadata-address');
      await append(stream, [event('Opened')], 'no-stream');
      await store.append(stream, [event('Noted')], {
        expectedRevision: 0n,
        context: { correlationId: uuidv7(), actor: 'guest:7', origin: 'web', ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' },
      });
      const [older, web] = await store.readStream(stream);
      expect(older!.metadata).not.toHaveProperty('ip');
      expect(older!.metadata).not.toHaveProperty('userAgent');
      expect(web!.metadata).toMatchObject({ ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
      expect(await store.verifyStream(stream)).toMatchObject({ ok: true, checked: 2 });
    });

    it('the append checkpoint is the checkpoint readAll reports, and headCheckpoint reaches it', async () => {
      const stream = newStream('checkpoint');
      const result = await append(stream, [event('Opened'), event('Noted')], 'no-stream');
      const read = await store.readStream(stream);
      expect(result.checkpoint).toEqual(read[1]!.checkpoint);
      expect(compareCheckpoints(await store.headCheckpoint(), result.checkpoint)).toBeGreaterThanOrEqual(0);
      await visible(result.checkpoint, read[0]!.checkpoint);
      const fromAll = (await store.readAll({ after: read[0]!.checkpoint, limit: 1 })).events;
      expect(fromAll.map((e) => e.checkpoint)).toEqual([result.checkpoint]);
    });

    it('positionAt resolves a date to the last event recorded at or before it (reports as of a date)', async () => {
      const stream = newStream('as-of');
      const pause = () => new Promise((r) => setTimeout(r, 15));
      await append(stream, [event('Opened')], 'no-stream');
      await pause();
      await append(stream, [event('Noted')], 0n);
      await pause();
      await append(stream, [event('Noted')], 1n);
      const [first, second, third] = await store.readStream(stream);
      expect(await store.positionAt(second!.recordedAt)).toEqual(second!.checkpoint);
      expect(await store.positionAt(new Date(third!.recordedAt.getTime() - 1))).toEqual(second!.checkpoint);
      expect(await store.positionAt(new Date(third!.recordedAt.getTime() + 60_000))).toEqual(await store.headCheckpoint());
      const before = await store.positionAt(new Date(first!.recordedAt.getTime() - 1));
      expect(before === null || compareCheckpoints(before, first!.checkpoint) < 0).toBe(true);
      expect(await store.positionAt(new Date('2000-01-01T00:00:00Z'))).toBeNull();
    });

    it('readAll pages through the log in checkpoint order, each event once, resuming from the checkpoint', async () => {
      const type = typeName('Paged');
      const from = await store.headCheckpoint();
      const streams = [newStream('paged'), newStream('paged'), newStream('paged')];
      const appended: string[] = [];
      let last: Checkpoint = from;
      for (let i = 0; i < 7; i++) {
        const batch = i % 3 === 0 ? [event(type, { i, part: 1 }), event(type, { i, part: 2 })] : [event(type, { i })];
        last = (await append(streams[i % 3]!, batch)).checkpoint;
        appended.push(...(await store.readStream(streams[i % 3]!)).slice(-batch.length).map((e) => e.metadata.eventId));
      }
      await visible(last, from);

      const seen: RecordedEvent[] = [];
      let checkpoint: Checkpoint = from;
      for (let page = 0; page < 10; page++) {
        const result = await store.readAll({ after: checkpoint, limit: 3, types: [type] });
        expect(result.events.length).toBeLessThanOrEqual(3);
        if (result.events.length === 0) {
          expect(result.checkpoint).toEqual(checkpoint);
          break;
        }
        expect(result.checkpoint).toEqual(result.events[result.events.length - 1]!.checkpoint);
        seen.push(...result.events);
        checkpoint = result.checkpoint;
      }
      expect(seen.map((e) => e.metadata.eventId)).toEqual(appended);
      for (let i = 1; i < seen.length; i++) expect(compareCheckpoints(seen[i - 1]!.checkpoint, seen[i]!.checkpoint)).toBe(-1);
    });

    it('readAll without a filter returns every type; a type filter returns only those types', async () => {
      const [a, b, c] = [typeName('FilterA'), typeName('FilterB'), typeName('FilterC')];
      const from = await store.headCheckpoint();
      const stream = newStream('filter');
      await visible((await append(stream, [event(a), event(b), event(c), event(a)], 'no-stream')).checkpoint, from);

      const all = await store.readAll({ after: from, limit: 1000 });
      expect(all.events.filter((e) => e.streamId === stream).map((e) => e.type)).toEqual([a, b, c, a]);
      const filtered = await store.readAll({ after: from, types: [a, c] });
      expect(filtered.events.map((e) => e.type)).toEqual([a, c, a]);
      expect((await store.readAll({ after: from, types: [] })).events).toEqual([]);
    });

    it('verifyStream recomputes the hash chain of an intact stream', async () => {
      const stream = newStream('verify');
      await append(stream, [event('Opened', { nested: { z: 1, a: [1, 'two', null] }, text: 'ação ✓' })], 'no-stream');
      await append(stream, [event('Noted', { n: 1.5 }), event('Noted', { n: -2 })], 0n);
      const read = await store.readStream(stream);
      expect(new Set(read.map((e) => e.hash)).size).toBe(3);
      expect(read.every((e) => /^[0-9a-f]{64}$/.test(e.hash))).toBe(true);
      expect(await store.verifyStream(stream)).toEqual({ ok: true, streamId: stream, checked: 3 });
      expect(await store.verifyStream(newStream('verify-missing'))).toMatchObject({ ok: true, checked: 0 });
    });

    it('upcasts old JSON on read (schema version 1 stored, read as 2) without changing what is stored', async () => {
      const stream = newStream('upcast');
      const from = await store.headCheckpoint();
      await append(stream, [event(renamed, { name: 'Soja safra 24/25' }, { schemaVersion: 1 })], 'no-stream');
      await visible((await append(stream, [event(renamed, { title: 'Milho', language: 'es' }, { schemaVersion: 2 })], 0n)).checkpoint, from);

      const [old, current] = await store.readStream(stream);
      expect(old!.data).toEqual({ title: 'Soja safra 24/25', language: 'pt-BR' });
      expect(old!.metadata.schemaVersion).toBe(2);
      expect(current!.data).toEqual({ title: 'Milho', language: 'es' });
      expect(current!.metadata.schemaVersion).toBe(2);
      const viaAll = (await store.readAll({ after: from, types: [renamed] })).events;
      expect(viaAll.find((e) => e.streamId === stream)?.data).toEqual({ title: 'Soja safra 24/25', language: 'pt-BR' });
      // the hash covers the stored v1 JSON, so the chain still verifies
      expect(await store.verifyStream(stream)).toMatchObject({ ok: true, checked: 2 });
    });

    it('subscribe delivers events appended before and after it started, in order, each once', async () => {
      const type = typeName('Subscribed');
      const from = await store.headCheckpoint();
      const stream = newStream('subscribe');
      await append(stream, [event(type, { n: 0 }), event(type, { n: 1 })], 'no-stream');

      const received: RecordedEvent[] = [];
      let batches = 0;
      const subscription = store.subscribe({
        from,
        types: [type],
        batchSize: 2,
        handler: async (events) => {
          batches++;
          received.push(...events);
        },
      });
      await append(stream, [event(type, { n: 2 })], 1n);
      await append(newStream('subscribe'), [event(type, { n: 3 }), event(type, { n: 4 })], 'no-stream');
      await waitUntil(() => received.length >= 5);
      await sleep(200);
      await subscription.stop();

      expect(received.map((e) => e.data.n)).toEqual([0, 1, 2, 3, 4]);
      expect(new Set(received.map((e) => e.metadata.eventId)).size).toBe(5);
      expect(batches).toBeGreaterThanOrEqual(3);

      // after stop() resolves no batch is delivered any more
      await append(stream, [event(type, { n: 5 })], 2n);
      await sleep(300);
      expect(received).toHaveLength(5);
    });

    it('onAppended fires after an append commits and stops after unsubscribing', async () => {
      const stream = newStream('notify');
      let calls = 0;
      const readInListener = new Promise<RecordedEvent[]>((resolve) => {
        const off = store.onAppended(() => {
          calls++;
          off();
          // committed means readable by anyone as soon as the listener runs
          resolve(store.readStream(stream));
        });
      });
      await append(stream, [event('Opened')], 'no-stream');
      expect(await readInListener).toHaveLength(1);
      await append(stream, [event('Noted')], 0n);
      await sleep(100);
      expect(calls).toBe(1);
    });

    it("onAppended names the types of this process's appends, so listeners can ignore the rest", async () => {
      const stream = newStream('notify-types');
      const seen: Array<readonly string[] | undefined> = [];
      const off = store.onAppended((types) => seen.push(types));
      await append(stream, [event('Opened'), event('Noted')], 'no-stream');
      await sleep(50);
      off();
      // another source (a live subscription, another process) may also call without types
      expect(seen.some((types) => types !== undefined && [...types].sort().join() === 'Noted,Opened')).toBe(true);
    });
  });
}
