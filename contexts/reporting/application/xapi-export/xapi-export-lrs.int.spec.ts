import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type EventStore } from '@portal/eventstore';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { startMinimalLrs, type MinimalLrs } from '../../testing/minimal-lrs.js';
import { appendLog, xapiLog } from '../../testing/xapi-log.js';
import { readExportCheckpoint } from './export-checkpoints.js';
import { statementIdOf } from './statement-ids.js';
import { basicAuth, lrsTarget, XapiTargetError } from './targets.js';
import { validateStatement } from './validate.js';
import { exportXapi } from './xapi-export.js';

const mapping = { baseIri: 'https://portal.example.com', platform: 'Portal Agro' };
const auth = basicAuth('portal', 'lrs-secret');

describe('xapi export to an LRS through @xapi/xapi (a local stand-in for an external LRS; ADR 0074)', () => {
  let test: TestDatabase;
  let store: EventStore;
  let lrs: MinimalLrs;
  const log = xapiLog();

  beforeAll(async () => {
    test = await createTestDatabase();
    store = createPostgresEventStore(test.database);
    await store.migrate();
    await appendLog(store, log);
  });
  afterEach(async () => {
    await lrs?.close();
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  const run = (options: { attempts?: number; retries?: string[] } = {}) =>
    exportXapi({
      store,
      database: test.database,
      target: lrsTarget({ endpoint: lrs.endpoint, auth, attempts: options.attempts ?? 3, retryDelayMs: 5, onRetry: (r) => options.retries?.push(r.reason) }),
      mapping,
      batchSize: 3,
    });

  it('sends every statement in POSTs of at most the batch size with the xAPI version header; the LRS stores each by its id; a second export sends nothing', async () => {
    lrs = await startMinimalLrs({ auth });
    const first = await run();
    expect(first).toMatchObject({ statements: 8, batches: 3 });
    expect(lrs.posts.map((p) => [p.ids.length, p.version, p.status])).toEqual([
      [3, '1.0.3', 200],
      // the answer with a follow-up gives two statements: they travel together
      [3, '1.0.3', 200],
      [2, '1.0.3', 200],
    ]);
    expect(lrs.statements.size).toBe(8);
    for (const s of lrs.statements.values()) expect(validateStatement(s)).toEqual([]);
    const certificate = log.find((l) => l.event.type === 'CertificateIssued')!.event.eventId!;
    expect(lrs.statements.get(statementIdOf(certificate))).toMatchObject({ verb: { id: 'http://id.tincanapi.com/verb/earned' } });

    const second = await run();
    expect(second).toMatchObject({ statements: 0, batches: 0 });
    expect(lrs.posts).toHaveLength(3);
    // the stand-in checks what a real LRS checks: the version header, and the same content for a known id
    const [someId, some] = [...lrs.statements.entries()][0]!;
    const put = (headers: Record<string, string>, statement: unknown = some) =>
      fetch(`${lrs.endpoint}statements?statementId=${someId}`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: auth, ...headers }, body: JSON.stringify(statement) });
    expect((await put({})).status).toBe(400);
    expect((await put({ 'x-experience-api-version': '1.0.3' })).status).toBe(204);
    expect((await put({ 'x-experience-api-version': '1.0.3' }, { ...(some as object), timestamp: '2020-01-01T00:00:00.000Z' })).status).toBe(409);
  });

  it('retries a transient failure (503) and goes on', async () => {
    lrs = await startMinimalLrs({ auth });
    await test.database.db.deleteFrom('xapi_export_checkpoints').execute();
    lrs.failNext('refuse');
    const retries: string[] = [];
    const result = await run({ retries });
    expect(retries).toEqual([expect.stringMatching(/^HTTP 503/)]);
    expect(result.statements).toBe(8);
    expect(lrs.statements.size).toBe(8);
  });

  it('a failure mid-way keeps the checkpoint after the last acknowledged batch; the resumed export sends from there and the LRS holds every statement once', async () => {
    lrs = await startMinimalLrs({ auth });
    await test.database.db.deleteFrom('xapi_export_checkpoints').execute();
    // batch 2 reaches the LRS but its acknowledgement is lost, twice: the run gives up
    lrs.failNext('ok', 'store-then-fail', 'store-then-fail');
    const failed = await run({ attempts: 2 }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(XapiTargetError);
    expect((failed as Error).message).toMatch(/after 2 attempt\(s\): HTTP 500/);
    expect(lrs.posts.map((p) => p.status)).toEqual([200, 500, 500]);
    const acknowledged = lrs.posts[0]!.ids;
    const checkpoint = await readExportCheckpoint(test.database, `lrs:${lrs.endpoint.replace(/\/$/, '')}`);
    expect(checkpoint?.statements).toBe(3);

    const resumed = await run();
    expect(resumed.statements).toBe(5);
    const resent = lrs.posts.slice(3).flatMap((p) => p.ids);
    // nothing acknowledged is sent again; the unacknowledged batch is, and the LRS keeps one copy by id
    expect(resent.filter((id) => acknowledged.includes(id))).toEqual([]);
    expect(resent.slice(0, 3)).toEqual(lrs.posts[1]!.ids);
    expect(lrs.statements.size).toBe(8);
    expect(lrs.resent).toBe(3 + 3); // batch 2's second failed attempt, and its resend on resume
    expect(new Set([...acknowledged, ...resent]).size).toBe(8);
  });

  it('a refusal that is not transient (401) stops at once without moving the checkpoint', async () => {
    lrs = await startMinimalLrs({ auth: basicAuth('portal', 'another-secret') });
    await test.database.db.deleteFrom('xapi_export_checkpoints').execute();
    const retries: string[] = [];
    await expect(run({ retries })).rejects.toThrow(/after 1 attempt\(s\): HTTP 401/);
    expect(retries).toEqual([]);
    expect((await readExportCheckpoint(test.database, `lrs:${lrs.endpoint.replace(/\/$/, '')}`))?.statements).toBe(0);
  });
});
