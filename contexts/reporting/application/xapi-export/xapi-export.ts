/**
 * The xAPI export (ADR 0074): reads the log in global order after the target's checkpoint, maps
 * the learning log to statements, validates each with Learning Locker's validator, writes or sends
 * them in batches and moves the checkpoint after each batch the target holds. Statement ids come
 * from event ids, so a batch written twice (a failure between the target's acknowledgement and the
 * checkpoint) is still stored once by an LRS; a file is cut back to its checkpoint's length.
 * Learners erased by the time the run starts (`SubjectErased` up to the head, ADR 0091) are sent
 * as anonymous accounts, whatever the position of their events.
 */
import type { Statement } from '@xapi/xapi';
import { compareCheckpoints, START, type Checkpoint, type EventStore, type RecordedEvent } from '@portal/eventstore';
import type { Database } from '@portal/database';
import { migrateExportCheckpoints, readExportCheckpoint, saveExportCheckpoint } from './export-checkpoints.js';
import { leaseXapiTarget, type XapiExportLease } from './export-lease.js';
import { LearningCatalogue } from './learning-catalogue.js';
import { ERASURE_EVENT_TYPES, LEARNING_LOG_TYPES, NAMING_EVENT_TYPES, xapiSourceEvents } from './source-events.js';
import { StatementMapper, type XapiMappingOptions } from './statements.js';
import type { XapiTarget } from './targets.js';
import { InvalidStatementError, validateStatement } from './validate.js';

export interface XapiExportProgress {
  /** learning-log events read this run (guests' included) */
  events: number;
  /** statements written or acknowledged this run */
  statements: number;
  checkpoint: Checkpoint;
}

export interface XapiExportOptions {
  store: EventStore;
  database: Database;
  target: XapiTarget;
  mapping: XapiMappingOptions;
  /** ignore the stored checkpoint: export the whole log again (a file is rewritten) */
  fromStart?: boolean;
  /** statements per write or POST; default 500 */
  batchSize?: number;
  /** events per log read; default 1000 */
  readLimit?: number;
  onProgress?: (progress: XapiExportProgress) => void;
  /** how long to wait for the log to be readable up to the head committed at the start; default 15 s */
  visibleWithinMs?: number;
  /** tests only: replaces the mapper (to prove that a broken mapping is caught) */
  mapper?: (catalogue: LearningCatalogue, mapping: XapiMappingOptions, erased: ReadonlyMap<string, string>) => Pick<StatementMapper, 'statementsOf'>;
}

export interface XapiExportResult {
  target: string;
  from: Checkpoint;
  to: Checkpoint;
  events: number;
  statements: number;
  /** events that give no statement (guests) */
  skipped: number;
  batches: number;
  /** statements the target holds from every run */
  totalStatements: number;
}

/** The learning-log events after a checkpoint (a progress bar's total; Postgres and PGlite only). */
export const XAPI_LOG_TYPES: readonly string[] = LEARNING_LOG_TYPES;

/** Waits until readAll returns the event at `target` (or the time is up: the run then exports what it can see). */
async function waitVisible(store: EventStore, target: Checkpoint, withinMs: number): Promise<void> {
  if (compareCheckpoints(target, START) === 0) return;
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { events } = await store.readAll({ after: { transactionId: target.transactionId, position: target.position - 1n }, limit: 1 });
    if ((events[0] && compareCheckpoints(events[0].checkpoint, target) === 0) || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Exports what the target does not have yet. One run per target at a time: a second run while one
 * holds the target's lease throws XapiExportBusyError before touching anything (export-lease.ts).
 */
export async function exportXapi(options: XapiExportOptions): Promise<XapiExportResult> {
  const lease = await leaseXapiTarget(options.database, options.target.key);
  try {
    return await exportLeased(options, lease);
  } finally {
    await lease.release();
  }
}

async function exportLeased(options: XapiExportOptions, lease: XapiExportLease): Promise<XapiExportResult> {
  const { store, database, target } = options;
  const batchSize = options.batchSize ?? 500;
  const readLimit = options.readLimit ?? 1000;
  await migrateExportCheckpoints(database);
  const stored = options.fromStart ? null : await readExportCheckpoint(database, target.key);
  const from = stored?.checkpoint ?? START;
  let totalStatements = stored?.statements ?? 0;
  let fileBytes = stored?.fileBytes ?? null;
  await target.open(stored ? { fileBytes: stored.fileBytes } : null);
  // a fresh start forgets the old position first: a run that fails half-way resumes from its own batches
  if (!stored) await saveExportCheckpoint(database, target.key, { checkpoint: START, statements: 0, fileBytes: target.key.startsWith('file:') ? 0 : null });

  const parse = (e: RecordedEvent) => xapiSourceEvents.parseRecorded(e);
  const head = await store.headCheckpoint();
  await waitVisible(store, head, options.visibleWithinMs ?? 15_000);
  // the learners erased up to the head: anonymous in every statement of this run (ADR 0091)
  const erased = new Map<string, string>();
  for (let after = START; ; ) {
    const page = await store.readAll({ after, limit: readLimit, types: ERASURE_EVENT_TYPES });
    if (page.events.length === 0) break;
    for (const e of page.events) {
      const event = parse(e);
      if (event.type === 'SubjectErased' && compareCheckpoints(e.checkpoint, head) <= 0) erased.set(event.data.subjectId, event.metadata.eventId);
    }
    after = page.checkpoint;
  }
  const catalogue = new LearningCatalogue();
  const mapper = options.mapper ? options.mapper(catalogue, options.mapping, erased) : new StatementMapper(options.mapping, catalogue, erased);

  // 1. the names as they stood at the checkpoint: the catalogue's and scheduled events' definitions before it
  for (let after = START; compareCheckpoints(after, from) < 0; ) {
    const page = await store.readAll({ after, limit: readLimit, types: NAMING_EVENT_TYPES });
    const before = page.events.filter((e) => compareCheckpoints(e.checkpoint, from) <= 0);
    for (const e of before) catalogue.apply(parse(e));
    if (before.length < page.events.length || page.events.length === 0) break;
    after = page.checkpoint;
  }

  // 2. the log after the checkpoint, names and learning events in their global order, up to what
  // was committed when the run started (read above; an older transaction still open elsewhere
  // hides newer events from readAll a moment: waitVisible waited for them, as a projection rebuild does)
  const result: XapiExportResult = { target: target.key, from, to: from, events: 0, statements: 0, skipped: 0, batches: 0, totalStatements };
  let pending: Statement[] = [];
  let pendingUpTo = from; // the last event whose statements are all in `pending` (or already out)
  const flush = async () => {
    lease.check();
    if (pending.length > 0) {
      const written = await target.write(pending);
      fileBytes = written.fileBytes;
      result.statements += pending.length;
      totalStatements += pending.length;
      result.batches += 1;
      pending = [];
    }
    if (compareCheckpoints(pendingUpTo, result.to) !== 0) {
      lease.check();
      await saveExportCheckpoint(database, target.key, { checkpoint: pendingUpTo, statements: totalStatements, fileBytes });
      result.to = pendingUpTo;
    }
    options.onProgress?.({ events: result.events, statements: result.statements, checkpoint: result.to });
  };

  const types = [...NAMING_EVENT_TYPES, ...LEARNING_LOG_TYPES];
  let after = from;
  reading: for (;;) {
    const page = await store.readAll({ after, limit: readLimit, types });
    if (page.events.length === 0) break;
    for (const recorded of page.events) {
      if (compareCheckpoints(recorded.checkpoint, head) > 0) break reading; // appended during the run: the next run's
      const event = parse(recorded);
      catalogue.apply(event);
      if (LEARNING_LOG_TYPES.includes(event.type)) {
        result.events += 1;
        const statements = mapper.statementsOf(event);
        for (const statement of statements) {
          const errors = validateStatement(statement);
          if (errors.length > 0) {
            // what came before the broken event is kept, so a fixed mapping resumes right at it
            await flush();
            throw new InvalidStatementError(event.metadata.eventId, event.type, errors);
          }
        }
        if (statements.length === 0) result.skipped += 1;
        pending.push(...statements);
      }
      pendingUpTo = recorded.checkpoint;
      if (pending.length >= batchSize) await flush();
    }
    after = page.checkpoint;
  }
  await flush();
  await target.close();
  return { ...result, totalStatements };
}
