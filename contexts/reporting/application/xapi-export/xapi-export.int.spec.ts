import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, Statement } from '@xapi/xapi';
import { sql } from 'kysely';
import { createDatabase } from '@portal/database';
import { createPostgresEventStore, type EventStore } from '@portal/eventstore';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { answered, appendLog, checkedIn, FIELD_DAY, LEARNER_1, LEARNER_2, mediaCompleted, xapiLog } from '../../testing/xapi-log.js';
import { readExportCheckpoint } from './export-checkpoints.js';
import { leaseXapiTarget, XapiExportBusyError, XapiExportLeaseLostError } from './export-lease.js';
import { statementIdOf } from './statement-ids.js';
import { StatementMapper } from './statements.js';
import { fileTarget, XapiTargetError, type XapiTarget } from './targets.js';
import { InvalidStatementError, validateStatement } from './validate.js';
import { exportXapi } from './xapi-export.js';

const mapping = { baseIri: 'https://portal.example.com', platform: 'Portal Agro' };
/** A file target whose first write waits until `open()` is called on the gate: an export caught in the middle. */
function pausedTarget(path: string) {
  const real = fileTarget(path);
  let writing!: () => void;
  let resume!: () => void;
  const started = new Promise<void>((r) => (writing = r));
  const gate = new Promise<void>((r) => (resume = r));
  const target: XapiTarget = {
    ...real,
    async write(statements) {
      writing();
      await gate;
      return real.write(statements);
    },
  };
  return { target, started, resume };
}

const lines = (file: string): Statement[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Statement);

describe('xapi export to a file, on the event store (ADR 0074)', () => {
  let test: TestDatabase;
  let store: EventStore;
  const dir = mkdtempSync(join(tmpdir(), 'xapi-export-'));
  const log = xapiLog();

  beforeAll(async () => {
    test = await createTestDatabase();
    store = createPostgresEventStore(test.database);
    await store.migrate();
    await appendLog(store, log);
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  it('writes one valid statement per line with ids from the event ids; a second export writes none; new events go on the end; --from-start writes the same statements again', async () => {
    const out = join(dir, 'statements.ndjson');
    const first = await exportXapi({ store, database: test.database, target: fileTarget(out), mapping, batchSize: 3 });
    expect(first).toMatchObject({ events: 8, statements: 8, skipped: 1, batches: 3, totalStatements: 8 });
    const written = lines(out);
    expect(written).toHaveLength(8);
    for (const s of written) expect(validateStatement(s)).toEqual([]);
    // every learner event's id, in log order (the answer with a follow-up gives two)
    const learnerEvents = log.filter((l) => ['MediaCompleted', 'AnswerSubmitted', 'CertificateIssued', 'AttendeeCheckedIn', 'AttendeeCheckedOut'].includes(l.event.type) && !String(l.event.data['actor'] ?? '').startsWith('guest:'));
    expect(written.map((s) => s.id)).toEqual(learnerEvents.flatMap((l) => [statementIdOf(l.event.eventId!), ...(l.event.data['postQuestionId'] ? [statementIdOf(l.event.eventId!, 'post')] : [])]));
    expect(written.map((s) => s.verb.display!['en-US'])).toEqual(['completed', 'answered', 'answered', 'completed', 'earned', 'attended', 'exited', 'answered']);
    const checkpoint = await readExportCheckpoint(test.database, `file:${out}`);
    expect(checkpoint).toMatchObject({ statements: 8, fileBytes: statSync(out).size });
    expect(checkpoint!.checkpoint).toEqual(first.to);

    const size = statSync(out).size;
    const second = await exportXapi({ store, database: test.database, target: fileTarget(out), mapping });
    expect(second).toMatchObject({ events: 0, statements: 0, batches: 0, totalStatements: 8 });
    expect(statSync(out).size).toBe(size);

    await appendLog(store, [mediaCompleted(LEARNER_2, 'soja-plantio', 'doc-guide', '2026-11-22T08:00:00.000Z'), checkedIn(FIELD_DAY, 'guest:0190c3a0-0000-7000-8000-00000000bbbb', '2026-11-22T08:01:00.000Z')]);
    const third = await exportXapi({ store, database: test.database, target: fileTarget(out), mapping });
    expect(third).toMatchObject({ events: 2, statements: 1, skipped: 1, totalStatements: 9 });
    const after = lines(out);
    expect(after.slice(0, 8)).toEqual(written);
    expect(after[8]).toMatchObject({ actor: { account: { name: LEARNER_2 } }, object: { id: 'https://portal.example.com/xapi/activities/content/doc-guide', definition: { type: 'http://adlnet.gov/expapi/activities/file' } } });

    const again = await exportXapi({ store, database: test.database, target: fileTarget(out), mapping, fromStart: true });
    expect(again).toMatchObject({ statements: 9, totalStatements: 9 });
    expect(lines(out)).toEqual(after);
  });

  it('a batch written after the last checkpoint (a run that stopped before recording it) is cut off and written once; a file shorter than its checkpoint stops the export', async () => {
    const out = join(dir, 'resumed.ndjson');
    await exportXapi({ store, database: test.database, target: fileTarget(out), mapping });
    const whole = readFileSync(out, 'utf8');
    await appendLog(store, [answered(LEARNER_2, 'q1', 'q1-a', '2026-11-23T08:00:00.000Z')]);
    // as if the previous run had written this line and died before its checkpoint
    writeFileSync(out, `${whole}{"half":"written`);
    const resumed = await exportXapi({ store, database: test.database, target: fileTarget(out), mapping });
    expect(resumed.statements).toBe(1);
    const all = lines(out);
    expect(all).toHaveLength(whole.split('\n').filter(Boolean).length + 1);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);

    writeFileSync(out, whole.slice(0, 100));
    await expect(exportXapi({ store, database: test.database, target: fileTarget(out), mapping })).rejects.toThrow(XapiTargetError);
    await expect(exportXapi({ store, database: test.database, target: fileTarget(out), mapping })).rejects.toThrow(/--from-start/);
  });

  it('a statement the validator refuses stops the export with its event id and the findings; what came before it is written and the checkpoint stops just before it', async () => {
    const out = join(dir, 'broken.ndjson');
    const broken = log.find((l) => l.event.type === 'CertificateIssued')!.event.eventId!;
    const error = await exportXapi({
      store,
      database: test.database,
      target: fileTarget(out),
      mapping,
      batchSize: 2,
      // a mapping bug: the certificate's verb lost its IRI
      mapper: (catalogue, options) => {
        const real = new StatementMapper(options, catalogue);
        return {
          statementsOf: (event) => real.statementsOf(event).map((s) => (event.type === 'CertificateIssued' ? { ...s, verb: { ...s.verb, id: 'earned' } } : s)),
        };
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidStatementError);
    expect((error as InvalidStatementError).eventId).toBe(broken);
    expect((error as InvalidStatementError).errors).toEqual([expect.stringMatching(/^statement\.verb\.id: TypeWarning \(expected Internationalized Resource Identifier/)]);
    expect((error as Error).message).toContain(broken);
    // the four statements before the certificate are in the file, none after it
    expect(lines(out).map((s) => s.verb.display!['en-US'])).toEqual(['completed', 'answered', 'answered', 'completed']);
    // with the mapping fixed, the export resumes at the certificate
    const fixed = await exportXapi({ store, database: test.database, target: fileTarget(out), mapping });
    expect(lines(out)[4]).toMatchObject({ id: statementIdOf(broken), actor: { account: { name: LEARNER_1 } } });
    expect(fixed.statements).toBe(lines(out).length - 4);
  });

  it('refuses a second export to a target while one runs (in this process or another), takes it again once the first ended, failed or died, and never blocks another target', async () => {
    const out = join(dir, 'leased.ndjson');
    const first = pausedTarget(out);
    const running = exportXapi({ store, database: test.database, target: first.target, mapping, batchSize: 2 });
    await first.started;
    const refused = await exportXapi({ store, database: test.database, target: fileTarget(out), mapping, fromStart: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(XapiExportBusyError);
    expect((refused as Error).message).toContain(`another xAPI export to file:${out} is running`);
    // another file is another target
    expect((await exportXapi({ store, database: test.database, target: fileTarget(join(dir, 'beside.ndjson')), mapping })).statements).toBeGreaterThan(0);
    first.resume();
    const done = await running;
    // the refused run touched nothing: the file holds the first run's statements once
    expect(lines(out)).toHaveLength(done.totalStatements);
    expect(new Set(lines(out).map((s) => s.id)).size).toBe(done.totalStatements);
    expect((await exportXapi({ store, database: test.database, target: fileTarget(out), mapping })).statements).toBe(0);

    // a run that fails gives the target back
    const failing: XapiTarget = { ...fileTarget(out), write: () => Promise.reject(new Error('disk full')) };
    await expect(exportXapi({ store, database: test.database, target: failing, mapping, fromStart: true })).rejects.toThrow('disk full');
    expect((await exportXapi({ store, database: test.database, target: fileTarget(out), mapping, fromStart: true })).statements).toBe(done.totalStatements);

    if (test.kind === 'postgres') {
      // another process holds the target; when it dies its connection goes, and the lock with it
      const other = await createDatabase({ url: test.url! });
      await leaseXapiTarget(other, `file:${out}`);
      await expect(exportXapi({ store, database: test.database, target: fileTarget(out), mapping })).rejects.toThrow(XapiExportBusyError);
      await other.close();
      expect((await exportXapi({ store, database: test.database, target: fileTarget(out), mapping })).statements).toBe(0);

      // a run whose lease connection is cut stops before writing more
      const cut = pausedTarget(join(dir, 'cut.ndjson'));
      const cutRun = exportXapi({ store, database: test.database, target: cut.target, mapping, batchSize: 2 });
      const failed = cutRun.catch((e: unknown) => e);
      await cut.started;
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'portal:xapi-export' and datname = current_database()`.execute(test.database.db);
      await new Promise((r) => setTimeout(r, 200));
      cut.resume();
      expect(await failed).toBeInstanceOf(XapiExportLeaseLostError);
    }
  });
});

describe('xapi export on PGlite (one process): one run per target', () => {
  it('refuses a second export to a target while one runs, and takes it again once the first ended', async () => {
    const database = await createDatabase({});
    const store = createPostgresEventStore(database);
    try {
      await store.migrate();
      await appendLog(store, xapiLog());
      const dir = mkdtempSync(join(tmpdir(), 'xapi-pglite-'));
      const out = join(dir, 'statements.ndjson');
      const first = pausedTarget(out);
      const running = exportXapi({ store, database, target: first.target, mapping });
      await first.started;
      await expect(exportXapi({ store, database, target: fileTarget(out), mapping })).rejects.toThrow(XapiExportBusyError);
      first.resume();
      expect((await running).statements).toBe(8);
      expect((await exportXapi({ store, database, target: fileTarget(out), mapping, fromStart: true })).statements).toBe(8);
      expect(lines(out)).toHaveLength(8);
    } finally {
      await store.close();
      await database.close();
    }
  });
});

describe('xapi export of an erased learner (issue 31, ADR 0091)', () => {
  it('sends the erased learner as an anonymous account, in the next run and in any later one; nothing in it names or derives from their user id', async () => {
    const database = await createDatabase({});
    const store = createPostgresEventStore(database);
    try {
      await store.migrate();
      await appendLog(store, xapiLog());
      const dir = mkdtempSync(join(tmpdir(), 'xapi-erased-'));
      const accountOf = (s: Statement): string | undefined => (s.actor as Agent).account?.name;
      const out = join(dir, 'statements.ndjson');
      await exportXapi({ store, database, target: fileTarget(out), mapping });
      const before = lines(out);
      expect(before.some((s) => JSON.stringify(s).includes(LEARNER_1))).toBe(true);
      const registrationsBefore = new Set(before.filter((s) => accountOf(s) === LEARNER_1).map((s) => s.context?.registration).filter(Boolean));
      expect(registrationsBefore.size).toBeGreaterThan(0);

      // the learner did one more thing, not exported yet, then was erased
      await appendLog(store, [mediaCompleted(LEARNER_1, 'soja-plantio', 'doc-guide', '2026-11-24T08:00:00.000Z'), mediaCompleted(LEARNER_2, 'soja-plantio', 'doc-guide', '2026-11-24T08:05:00.000Z')]);
      const erasedAt = { expectedRevision: 'no-stream' as const, context: { correlationId: 'erasure', actor: 'admin-1', origin: 'system' as const } };
      const erasureId = '0190c3a0-0000-7000-8000-0000000e7a5e';
      await store.append(`identity.erasure-${LEARNER_1}`, [{ eventId: erasureId, type: 'SubjectErased', data: { subjectId: LEARNER_1, requestId: 'request-1', by: 'admin-1', keysDestroyed: 2, erasedAt: '2026-11-25T00:00:00.000Z' } }], erasedAt);
      const anonymous = { objectType: 'Agent', account: { homePage: 'https://portal.example.com/xapi/erased', name: `erased-${erasureId}` } };

      // the next run: the learner's new statement is anonymous, the other learner's is not
      expect(await exportXapi({ store, database, target: fileTarget(out), mapping })).toMatchObject({ statements: 2 });
      const next = lines(out).slice(before.length);
      expect(next.map((s) => s.actor)).toEqual([anonymous, { objectType: 'Agent', account: { homePage: 'https://portal.example.com', name: LEARNER_2 } }]);
      expect(JSON.stringify(next[0])).not.toContain(LEARNER_1);
      expect(registrationsBefore.has(next[0]!.context!.registration!)).toBe(false);

      // a later export of everything (a new LRS, --from-start): nothing names the learner, their facts are all there
      const again = join(dir, 'again.ndjson');
      const all = await exportXapi({ store, database, target: fileTarget(again), mapping });
      expect(all.statements).toBe(before.length + 2);
      const text = readFileSync(again, 'utf8');
      expect(text).not.toContain(LEARNER_1);
      for (const registration of registrationsBefore) expect(text).not.toContain(registration!);
      const anonymousStatements = lines(again).filter((s) => accountOf(s) === anonymous.account.name);
      expect(anonymousStatements).toHaveLength(before.filter((s) => accountOf(s) === LEARNER_1).length + 1);
      for (const s of lines(again)) expect(validateStatement(s)).toEqual([]);
      expect(lines(again).some((s) => accountOf(s) === LEARNER_2)).toBe(true);
    } finally {
      await store.close();
      await database.close();
    }
  });
});
