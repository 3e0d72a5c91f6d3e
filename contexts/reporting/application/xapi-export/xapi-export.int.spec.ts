import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '@xapi/xapi';
import { createPostgresEventStore, type EventStore } from '@portal/eventstore';
import { createTestDatabase, type TestDatabase } from '@portal/testing/database';
import { answered, appendLog, checkedIn, FIELD_DAY, LEARNER_1, LEARNER_2, mediaCompleted, xapiLog } from '../../testing/xapi-log.js';
import { readExportCheckpoint } from './export-checkpoints.js';
import { statementIdOf } from './statement-ids.js';
import { StatementMapper } from './statements.js';
import { fileTarget, XapiTargetError } from './targets.js';
import { InvalidStatementError, validateStatement } from './validate.js';
import { exportXapi } from './xapi-export.js';

const mapping = { baseIri: 'https://portal.example.com', platform: 'Portal Agro' };
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
});
