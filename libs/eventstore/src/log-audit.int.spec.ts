import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, createScratchDatabase, query, type Database } from '@portal/database';
import { createLogAudit, fileWitness, type LogAudit, type LogBreak } from './log-audit.js';
import { startLogSealing } from './log-sealing.js';
import { compareCheckpoints, type AppendContext, type EventStore } from './port.js';
import { createPostgresEventStore, postgresEventStoreNames, toBigInt } from './postgres.js';
import { ed25519Signer, generateSigningKey } from './signing.js';

const context: AppendContext = { correlationId: '0190c3a0-0000-7000-8000-000000000001', actor: 'system', origin: 'system' };
const signer = ed25519Signer(generateSigningKey());
const trustedKeys = [signer.publicKey];

interface Log {
  database: Database;
  store: EventStore;
  audit: LogAudit;
  /** Global position of a stream's revision. */
  position(streamId: string, revision: number): Promise<bigint>;
  sql(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** What the per-stream chain check (the only check before ADR 0030) says about every stream named. */
  chainsIntact(...streams: string[]): Promise<boolean>;
}

/**
 * Seals once everything appended is visible to readers: on a shared server another test file's
 * open transaction holds visibility (and so sealing) back for a moment.
 */
async function sealVisible(store: EventStore, audit: LogAudit, options: Parameters<LogAudit['seal']>[0]) {
  const head = await store.headCheckpoint();
  const deadline = Date.now() + 20_000;
  while (compareCheckpoints((await store.readAll({ limit: 100_000 })).checkpoint, head) < 0) {
    if (Date.now() > deadline) throw new Error('appended events did not become visible');
    await new Promise((r) => setTimeout(r, 20));
  }
  return audit.seal(options);
}

const backends: Array<[string, () => Promise<{ database: Database; drop(): Promise<void> }>]> = [
  ['PGlite', async () => ({ database: await createDatabase({}), drop: async () => undefined })],
];
const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  backends.push([
    'Postgres server',
    async () => {
      const scratch = await createScratchDatabase(databaseUrl, 'es_audit');
      return { database: await createDatabase({ url: scratch.url }), drop: () => scratch.drop() };
    },
  ]);
} else {
  console.info('log audit: Postgres server not run (set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test)');
}

// One database per backend, one schema per test: each test tampers with a log of its own.
describe.each(backends)('whole-log audit: %s', (_name, open) => {
  let target: { database: Database; drop(): Promise<void> };
  let schemas = 0;
  beforeAll(async () => {
    target = await open();
  });
  afterAll(async () => {
    await target?.database.close();
    await target?.drop();
  });
  let cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  /** Three streams, two checkpoints: a ledger an auditor would look at. */
  async function sealedLog(): Promise<Log> {
    const { database } = target;
    const schema = `audit_${++schemas}`;
    const store = createPostgresEventStore(database, { schema });
    await store.migrate();
    cleanup.push(() => store.close());
    const audit = createLogAudit(database, { schema });
    const n = postgresEventStoreNames(schema);
    // the tampering below names the tables as an intruder would; here they live in the test's schema
    const tables: Record<string, string> = { es_events: n.events, es_streams: n.streams, es_checkpoints: n.checkpoints, es_checkpoint_heads: n.checkpointHeads, es_event_hash: n.hash };
    const append = (stream: string, amounts: number[]) => store.append(stream, amounts.map((amount) => ({ type: 'Paid', data: { amount } })), { expectedRevision: 'any', context });
    await append('ledger.a', [10]);
    await append('ledger.b', [20, 21]);
    await append('ledger.a', [11]);
    await append('ledger.c', [30]);
    expect(await sealVisible(store, audit, { signer })).toHaveLength(1);
    await append('ledger.a', [12]);
    await append('ledger.c', [31]);
    await append('ledger.b', [22]);
    expect(await sealVisible(store, audit, { signer })).toHaveLength(1);
    const sql = (text: string, params: unknown[] = []) =>
      query<Record<string, unknown>>(database.db, text.replace(/\bes_[a-z_]+\b/g, (name) => tables[name] ?? name), params);
    const log: Log = {
      database,
      store,
      audit,
      sql,
      async position(streamId, revision) {
        return toBigInt((await sql('select position from es_events where stream_id = $1 and revision = $2', [streamId, revision]))[0]!.position);
      },
      async chainsIntact(...streams) {
        return (await Promise.all(streams.map((s) => store.verifyStream(s)))).every((r) => r.ok);
      },
    };
    const clean = await audit.verify({ trustedKeys });
    expect(clean).toMatchObject({ ok: true, events: 8, streams: 3, checkpoints: 2, unsealed: 0, breaks: [] });
    return log;
  }

  const firstBreak = async (log: Log): Promise<LogBreak> => {
    const result = await log.audit.verify({ trustedKeys });
    expect(result.ok).toBe(false);
    return result.breaks[0]!;
  };

  it('reports its progress: the events counted first, then the events checked after every page, up to all of them', async () => {
    const log = await sealedLog();
    const seen: Array<{ checked: number; total: number }> = [];
    const result = await log.audit.verify({ trustedKeys, pageSize: 3, onProgress: (p) => seen.push(p) });
    expect(result.ok).toBe(true);
    expect(seen[0]).toEqual({ checked: 0, total: 8 });
    expect(seen.map((p) => p.checked)).toEqual([0, 3, 6, 8]);
    expect(seen.every((p) => p.total === 8)).toBe(true);
  });

  it('names the event whose recorded_at was changed', async () => {
    const log = await sealedLog();
    const position = await log.position('ledger.b', 1);
    await log.sql(`update es_events set recorded_at = recorded_at - interval '3 days' where stream_id = 'ledger.b' and revision = 1`);
    expect(await log.chainsIntact('ledger.b')).toBe(true);
    expect(await firstBreak(log)).toMatchObject({ kind: 'checkpoint', checkpoint: 1n, position, streamId: 'ledger.b', revision: 1n });
    // the stream's own check finds it too (ADR 0083): the auditor's routes and `audit verify <stream>`
    expect((await log.audit.verifySealedStream('ledger.b', { trustedKeys })).break).toMatchObject({ kind: 'checkpoint', checkpoint: 1n, position, streamId: 'ledger.b', revision: 1n });
    expect((await log.audit.verifySealedStream('ledger.a', { trustedKeys })).break).toBeNull();
  });

  it("says how far each stream is sealed: the newest checkpoint's head, when it was sealed, and the events after it", async () => {
    const log = await sealedLog();
    expect(await log.audit.verifySealedStream('ledger.a', { trustedKeys })).toMatchObject({ break: null, sealed: { checkpoint: 2n, revision: 2n, sealedAt: expect.any(Date) }, unsealed: 0 });
    await log.store.append('ledger.a', [{ type: 'Paid', data: { amount: 13 } }], { expectedRevision: 'any', context });
    await log.store.append('ledger.new', [{ type: 'Paid', data: { amount: 1 } }], { expectedRevision: 'any', context });
    expect(await log.audit.verifySealedStream('ledger.a', { trustedKeys })).toMatchObject({ break: null, sealed: { checkpoint: 2n, revision: 2n }, unsealed: 1 });
    expect(await log.audit.verifySealedStream('ledger.new', { trustedKeys })).toEqual({ break: null, sealed: null, unsealed: 1 });
    // a key the verifier does not trust seals nothing
    expect((await log.audit.verifySealedStream('ledger.a', { trustedKeys: [ed25519Signer(generateSigningKey()).publicKey] })).break).toMatchObject({ kind: 'checkpoint', checkpoint: 2n });
  });

  it('names the event moved in the global order that projections replay', async () => {
    const log = await sealedLog();
    const position = await log.position('ledger.a', 0);
    // the first event now sorts after every other one of the first checkpoint
    await log.sql(`update es_events set transaction_id = (select transaction_id from es_events where stream_id = 'ledger.c' and revision = 0) where stream_id = 'ledger.a' and revision = 0`);
    expect(await log.chainsIntact('ledger.a', 'ledger.b', 'ledger.c')).toBe(true);
    const found = await firstBreak(log);
    expect(found).toMatchObject({ kind: 'checkpoint', checkpoint: 1n, position });
    expect(found.reason).toMatch(/missing or moved/);
  });

  it("names a stream's last events deleted together with its head moved back", async () => {
    const log = await sealedLog();
    const position = await log.position('ledger.a', 2);
    await log.sql(`delete from es_events where stream_id = 'ledger.a' and revision = 2`);
    await log.sql(`update es_streams set revision = 1, last_hash = (select hash from es_events where stream_id = 'ledger.a' and revision = 1) where stream_id = 'ledger.a'`);
    expect(await log.chainsIntact('ledger.a')).toBe(true);
    expect(await firstBreak(log)).toMatchObject({ kind: 'checkpoint', checkpoint: 2n, position });
    expect((await log.audit.verifySealedStream('ledger.a', { trustedKeys })).break).toMatchObject({ kind: 'stream', streamId: 'ledger.a', revision: 2n });
  });

  it("names a payload changed and re-chained with the database's own hash function", async () => {
    const log = await sealedLog();
    const position = await log.position('ledger.b', 1);
    await log.sql(`update es_events set data = '{"amount": 2100}' where stream_id = 'ledger.b' and revision = 1`);
    for (const revision of [1, 2]) {
      await log.sql(
        `update es_events e set hash = es_event_hash(p.hash, e.stream_id, e.revision, e.event_id, e.type, e.schema_version, e.data, e.metadata)
           from es_events p where p.stream_id = e.stream_id and p.revision = e.revision - 1 and e.stream_id = 'ledger.b' and e.revision = $1`,
        [revision],
      );
    }
    await log.sql(`update es_streams set last_hash = (select hash from es_events where stream_id = 'ledger.b' and revision = 2) where stream_id = 'ledger.b'`);
    expect(await log.chainsIntact('ledger.b')).toBe(true);
    expect(await firstBreak(log)).toMatchObject({ kind: 'checkpoint', checkpoint: 1n, position, streamId: 'ledger.b', revision: 1n });
    expect((await log.audit.verifySealedStream('ledger.b', { trustedKeys })).break).toMatchObject({ kind: 'stream', streamId: 'ledger.b', revision: 2n });
  });

  it('names a whole stream deleted, which per stream verifies as 0 events, intact', async () => {
    const log = await sealedLog();
    const position = await log.position('ledger.c', 0);
    await log.sql(`delete from es_events where stream_id = 'ledger.c'`);
    await log.sql(`delete from es_streams where stream_id = 'ledger.c'`);
    expect(await log.store.verifyStream('ledger.c')).toMatchObject({ ok: true, checked: 0 });
    expect(await firstBreak(log)).toMatchObject({ kind: 'checkpoint', checkpoint: 1n, position });
  });

  it('builds the canonical text of every event as the database does, whatever the data holds', async () => {
    const log = await sealedLog();
    const awkward = [
      { text: 'açaí "quoted" \\ back\\slash \n\t\u0001 \u007f 🌱 <script>/</script>', nested: { z: 1, a: [1.0, 1.50, -0, 1e3, 12345678901234567890], 'key with space': null, aa: true } },
      { '': 'empty key', é: 'é', longer_key_first: 1, b: 2, emptyObject: {}, emptyArray: [] },
    ];
    await log.store.append('ledger.awkward "stream" ü', awkward.map((data) => ({ type: 'Odd "type" ç', data })), { expectedRevision: 'no-stream', context });
    expect(await log.audit.verify({ trustedKeys })).toMatchObject({ ok: true, rechecked: 0, unsealed: 2 });
    await log.sql(`update es_events set data = data || '{"x": 1}' where stream_id = 'ledger.awkward "stream" ü' and revision = 1`);
    expect(await log.audit.verify({ trustedKeys })).toMatchObject({ ok: false, rechecked: 1, breaks: [expect.objectContaining({ kind: 'stream', revision: 1n })] });
  });

  it("checks a stream's chain also when global order puts a revision before its predecessor", async () => {
    const log = await sealedLog();
    await log.store.append('ledger.late', [{ type: 'Paid', data: { amount: 1 } }], { expectedRevision: 'no-stream', context });
    await log.store.append('ledger.late', [{ type: 'Paid', data: { amount: 2 } }, { type: 'Paid', data: { amount: 3 } }], { expectedRevision: 0n, context });
    // what an append that waited on the stream's row lock with an older transaction id looks like
    await log.sql(
      `update es_events e set transaction_id = (select x.transaction_id from es_events x where x.stream_id = e.stream_id and x.revision = case when e.revision = 0 then 1 else 0 end)
        where e.stream_id = 'ledger.late'`,
    );
    // readAll shows a transaction once every older one in the cluster has ended (ADR 0002): on a
    // server shared with other test files that can take a moment, so wait for it to show
    const sealedUpTo = (await log.audit.verify({ trustedKeys })).sealedUpTo!;
    await expect.poll(async () => (await log.store.readAll({ after: sealedUpTo })).events.map((e) => e.revision), { timeout: 15_000, interval: 50 }).toEqual([1n, 2n, 0n]);
    expect(await log.audit.verify({ trustedKeys })).toMatchObject({ ok: true, unsealed: 3, streams: 4 });
    await log.sql(`delete from es_events where stream_id = 'ledger.late' and revision = 0`);
    expect((await log.audit.verify({ trustedKeys })).breaks).toEqual([expect.objectContaining({ kind: 'stream', streamId: 'ledger.late', revision: 0n })]);
  });

  it('names the stream and revision of an edit inside a stream, as before', async () => {
    const log = await sealedLog();
    await log.sql(`update es_events set data = '{"amount": 0}' where stream_id = 'ledger.c' and revision = 1`);
    const result = await log.audit.verify({ trustedKeys });
    expect(result.ok).toBe(false);
    expect(result.breaks).toEqual([expect.objectContaining({ kind: 'stream', streamId: 'ledger.c', revision: 1n })]);
  });

  it('names a checkpoint that was altered, re-signed with another key, or removed', async () => {
    const log = await sealedLog();
    await log.sql(`update es_checkpoint_heads set revision = 0 where stream_id = 'ledger.b' and checkpoint = 1`);
    expect(await firstBreak(log)).toMatchObject({ kind: 'checkpoint', checkpoint: 1n, reason: expect.stringMatching(/signature/) });

    const other = await sealedLog();
    const forger = ed25519Signer(generateSigningKey());
    await other.sql(`delete from es_checkpoint_heads`);
    await other.sql(`delete from es_checkpoints`);
    await sealVisible(other.store, other.audit, { signer: forger });
    expect(await firstBreak(other)).toMatchObject({ kind: 'checkpoint', checkpoint: 1n, reason: expect.stringMatching(/not trusted/) });

    const third = await sealedLog();
    await third.sql(`delete from es_checkpoints where number = 1`);
    expect(await firstBreak(third)).toMatchObject({ kind: 'checkpoint', checkpoint: 2n, reason: expect.stringMatching(/checkpoint 1 is missing/) });
  });

  it('the witness outside the database shows checkpoints cut from the tail, and sealing refuses to cover them again', async () => {
    const log = await sealedLog();
    const witness = fileWitness(join(mkdtempSync(join(tmpdir(), 'es-witness-')), 'witness.json'));
    await log.store.append('ledger.d', [{ type: 'Paid', data: { amount: 40 } }], { expectedRevision: 'no-stream', context });
    const [third] = await sealVisible(log.store, log.audit, { signer, witness });
    expect(third).toMatchObject({ number: 3n, events: 1 });
    expect(await log.audit.verify({ trustedKeys, witness })).toMatchObject({ ok: true, checkpoints: 3 });

    await log.sql(`delete from es_checkpoint_heads where checkpoint = 3`);
    await log.sql(`delete from es_checkpoints where number = 3`);
    await log.sql(`update es_events set data = '{"amount": 4000}', hash = es_event_hash('', stream_id, revision, event_id, type, schema_version, '{"amount": 4000}', metadata) where stream_id = 'ledger.d'`);
    await log.sql(`update es_streams set last_hash = (select hash from es_events where stream_id = 'ledger.d') where stream_id = 'ledger.d'`);
    expect(await log.audit.verify({ trustedKeys })).toMatchObject({ ok: true, unsealed: 1 });
    expect(await log.audit.verify({ trustedKeys, witness })).toMatchObject({ ok: false, breaks: [expect.objectContaining({ checkpoint: 3n })] });
    await expect(log.audit.seal({ signer, witness })).rejects.toMatchObject({ name: 'LogSealRefusedError' });
  });

  it('splits a long log into checkpoints of at most maxEvents, each chained to the last, and counts what is not sealed yet', async () => {
    const log = await sealedLog();
    for (let i = 0; i < 7; i++) await log.store.append(`ledger.bulk-${i % 3}`, [{ type: 'Paid', data: { amount: i } }], { expectedRevision: 'any', context });
    expect(await log.audit.verify({ trustedKeys })).toMatchObject({ ok: true, unsealed: 7 });
    const sealed = await sealVisible(log.store, log.audit, { signer, maxEvents: 3 });
    expect(sealed.map((c) => [c.number, c.events])).toEqual([[3n, 3], [4n, 3], [5n, 1]]);
    expect(await log.audit.verify({ trustedKeys })).toMatchObject({ ok: true, events: 15, streams: 6, checkpoints: 5, unsealed: 0 });
    expect((await log.audit.verifySealedStream('ledger.bulk-0', { trustedKeys })).break).toBeNull();
  });

  it('the background job seals appends as they pile up', async () => {
    const log = await sealedLog();
    const job = startLogSealing(log.audit, log.store, { signer, intervalMs: 60_000, maxPendingEvents: 2, log: () => undefined });
    cleanup.push(() => job.stop());
    await log.store.append('ledger.e', [1, 2, 3].map((amount) => ({ type: 'Paid', data: { amount } })), { expectedRevision: 'no-stream', context });
    const deadline = Date.now() + 20_000;
    while ((await log.audit.verify({ trustedKeys })).unsealed > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await log.audit.verify({ trustedKeys })).toMatchObject({ ok: true, checkpoints: 3, unsealed: 0 });
  });
});
