import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPostgresEventStore, defineEvents, type AppendContext, type EventStore } from '@portal/eventstore';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { handleCommand, loadState, StreamWriter, type Decider } from './decider-command.js';

/**
 * ADR 0086: a stream is folded only through its decider's `events`, the owner's contract, so an
 * upcaster declared there runs on the write path too. The store is given no upcasters: the
 * contract's parse does it.
 */

// v1 stored { name }; v2 (current) is { title, language }
const itemEvents = defineEvents(
  { ItemRenamed: z.object({ title: z.string(), language: z.string() }) },
  { ItemRenamed: { 1: (data) => ({ title: data.name, language: 'pt-BR' }) } },
);
type ItemEvent = ReturnType<typeof itemEvents.parse>;
type Rename = { type: 'Rename'; data: { title: string; language: string } };

const seen: string[][] = [];
const itemDecider: Decider<Rename, ItemEvent, { titles: string[] }> = {
  initial: () => ({ titles: [] }),
  evolve: (state, event) => ({ titles: [...state.titles, `${event.data.title} (${event.data.language})`] }),
  decide: (command, state) => {
    seen.push(state.titles);
    return state.titles.at(-1) === `${command.data.title} (${command.data.language})` ? [] : [{ type: 'ItemRenamed', data: command.data }];
  },
  events: itemEvents,
};

const context: AppendContext = { correlationId: '0190d6a8-0000-7000-8000-000000000001', actor: 'system', origin: 'system' };
let db: TestDatabase;
let store: EventStore;
let n = 0;
/** a stream holding one event in the v1 shape, as an older release wrote it */
const oldStream = async () => {
  const stream = `test.item-${++n}`;
  await store.append(stream, [{ type: 'ItemRenamed', data: { name: 'Soja' }, schemaVersion: 1 }], { expectedRevision: 'no-stream', context });
  return stream;
};

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.database);
  await store.migrate();
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

describe('the write path folds stored events through the decider’s contract', () => {
  it('the decider decides on the upcast shape of an old event, and the new event is written in the current version', async () => {
    const stream = await oldStream();
    seen.length = 0;
    const { state } = await handleCommand(store, stream, itemDecider, { type: 'Rename', data: { title: 'Milho', language: 'es' } }, context);
    expect(seen).toEqual([['Soja (pt-BR)']]);
    expect(state.titles).toEqual(['Soja (pt-BR)', 'Milho (es)']);

    const stored = await store.readStream(stream);
    expect(stored.map((e) => e.metadata.schemaVersion)).toEqual([1, 2]);
    // read back: the old event upcast, the new one taken as it is (not upcast a second time)
    expect((await loadState(store, stream, itemDecider)).state.titles).toEqual(['Soja (pt-BR)', 'Milho (es)']);
  });

  it('a cached writer reads the tail through the contract too, and a repeated command decides nothing', async () => {
    const stream = await oldStream();
    const writer = new StreamWriter(store, itemDecider, { cacheSize: 10, serialize: true });
    expect((await writer.load(stream)).state.titles).toEqual(['Soja (pt-BR)']);
    seen.length = 0;
    const outcome = await writer.execute(stream, { type: 'Rename', data: { title: 'Soja', language: 'pt-BR' } }, context);
    expect(outcome.events).toEqual([]);
    expect(seen).toEqual([['Soja (pt-BR)']]);
  });

  it('an event the contract does not accept stops the fold instead of reaching evolve', async () => {
    const stream = `test.item-${++n}`;
    await store.append(stream, [{ type: 'ItemRenamed', data: { title: 42 }, schemaVersion: 2 }], { expectedRevision: 'no-stream', context });
    await expect(loadState(store, stream, itemDecider)).rejects.toThrow();
  });
});
