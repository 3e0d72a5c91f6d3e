import { CompiledQuery, sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { connectionErrorFields, query, type Database, type DatabaseLogger, type Session } from '@portal/database';
import { compareCheckpoints, START, type Checkpoint, type EventStore, type RecordedEvent } from '@portal/eventstore';
import { schemaNameFor, type ProjectionDefinition } from './projection.js';
import type { ReplicaPool, ReplicaStatus } from './replicas.js';

export interface ProjectionStatus {
  name: string;
  version: number;
  schema: string;
  checkpoint: Checkpoint;
  running: boolean;
  leaseHeld: boolean;
  lastError: string | null;
  /** The live version is another one (a newer deploy): this process serves its own, frozen, and does not run it. */
  supersededBy: number | null;
}

export interface RuntimeOptions {
  batchSize?: number;
  /** Fallback poll when no wake-up arrives (ms). */
  pollMs?: number;
  /** Start runners (false in read-only tools). */
  run?: boolean;
  /** Where batch failures, lost connections and swaps are reported (default: pino at LOG_LEVEL, else warn). */
  logger?: DatabaseLogger;
  /**
   * How long a schema replaced by a swap stays readable after this process stopped handing it out
   * (reads that resolved it just before still run), and the least age of a retired schema before
   * any process drops it. Default 30 s.
   */
  retireGraceMs?: number;
  /** How long a read waits for its position (read-your-writes) before answering anyway. */
  readWaitMs?: number;
  onBatchError?: (name: string, error: unknown) => void;
  /** Runners stepped at once (default 4 on a server, 1 on PGlite). */
  parallelism?: number;
  /** Streaming replicas that serve reader() inside a request's scope (ADR 0095). */
  replicas?: ReplicaPool;
}

interface RunnerState {
  def: ProjectionDefinition;
  schema: string;
  /** stored with the rows */
  checkpoint: Checkpoint;
  /** how far reads have looked (>= checkpoint): the stretch between holds none of our types */
  scanned: Checkpoint;
  leaseHeld: boolean;
  running: boolean;
  lastError: string | null;
  waiters: Set<() => void>;
  /** may have events to apply: its last batch applied something, or a read is waiting for it */
  due: boolean;
  /** the version that replaced ours while this process runs (see ProjectionStatus.supersededBy) */
  supersededBy: number | null;
}

const CHECKPOINTS = 'projection_checkpoints';
/** Schemas a swap replaced, dropped once no process reads them (see dropRetired). */
const RETIRED = 'projection_retired_schemas';
/** NOTIFY channel sent in the swap's transaction (payload: the projection's name). */
export const SWAP_CHANNEL = 'projection_swapped';
/**
 * Advisory-lock class of the read pins, `(PIN_CLASS, hashtext(schema))`: a process holds it shared
 * while it may read the schema, a dropper takes it exclusive. The two-key form never collides with
 * the leases' one-key locks.
 */
const PIN_CLASS = 73_100_003;

interface CheckpointRow {
  name: string;
  version: number;
  schema: string;
  checkpoint: Checkpoint;
}
/** A runner this process runs, with work it may have: see runLoop. */
const isDue = (state: RunnerState, appended: Set<string> | 'all'): boolean =>
  state.leaseHeld && state.supersededBy === null && (state.due || appended === 'all' || state.def.eventTypes.some((type) => appended.has(type)));
const releaseWaiters = (state: RunnerState): void => {
  for (const w of [...state.waiters]) w();
};
const reached = (state: { checkpoint: Checkpoint; scanned: Checkpoint }): Checkpoint =>
  compareCheckpoints(state.scanned, state.checkpoint) > 0 ? state.scanned : state.checkpoint;

/** What a rebuild did: events applied (the copy and what arrived before the swap), the new schema, the one it retired. */
export interface RebuildResult {
  name: string;
  events: number;
  schema: string;
  retired: string | null;
}

/**
 * Runs projections: one runner per projection across processes (advisory-lock lease on a server),
 * checkpoint stored in the same transaction as the rows, woken on append, batched catch-up,
 * rebuild into a shadow schema then swap while the old version keeps serving.
 */
/**
 * A rebuild refused because the projection's checkpoint is past the log's head: its read model
 * holds events this log does not (the event store was restored from an older backup than the
 * read models). A rebuild would wait forever for the log to reach the checkpoint (ADR 0081).
 */
export class ProjectionAheadOfLogError extends Error {
  constructor(
    readonly projection: string,
    readonly checkpoint: Checkpoint,
    readonly head: Checkpoint,
  ) {
    const at = (c: Checkpoint) => `${c.transactionId}.${c.position}`;
    super(
      `projection ${projection}: its checkpoint ${at(checkpoint)} is past the head of the log (${at(head)}), so the log lost events its read model holds (was the event store restored from an older backup?). ` +
        `Refusing to rebuild. Restore the event store and the read models from the same backup; or, to rebuild this read model from the log as it is, move its checkpoint back to the head first ` +
        `(\`update projection_checkpoints set transaction_id = ${head.transactionId}, position = ${head.position} where name = '${projection}'\`) and run the rebuild again.`,
    );
    this.name = 'ProjectionAheadOfLogError';
  }
}

export class ProjectionRuntime {
  private readonly states = new Map<string, RunnerState>();
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly appliedListeners = new Map<string, Set<(events: readonly unknown[] | null) => void>>();
  /** Event types appended in this process since the loop last looked ('all': unknown, e.g. another process's). */
  private appended: Set<string> | 'all' = 'all';
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  /** The connection that holds this process's leases and read pins (server); null until opened or after it was lost. */
  private leaseSession: Session | null = null;
  /**
   * Schemas this process may read: the live one of each projection (expiry null), and replaced ones
   * until their grace ends (reads that resolved them before the swap are still running).
   */
  private readonly pins = new Map<string, number | null>();
  /** The pins taken on the current lease session (server). */
  private readonly sessionPins = new Set<string>();
  /** A retired schema may be waiting to be dropped (after a swap seen here, and at start). */
  private retiredMaybe = true;
  private lastHousekeeping = 0;
  /** A wake-up that must not wait for the loop's next pause (it may be mid-pass now). */
  private wakeRequested = false;
  private following: Promise<void> | null = null;
  private followAgain = false;
  private unlistenSwaps: (() => Promise<void>) | null = null;
  private readonly logger: DatabaseLogger;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly retireGraceMs: number;
  private readonly parallelism: number;

  constructor(
    private readonly database: Database,
    private readonly store: EventStore,
    private readonly definitions: ProjectionDefinition[],
    private readonly options: RuntimeOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    // PGlite is one session: parallel runners would only queue
    this.parallelism = Math.max(1, options.parallelism ?? (database.kind === 'pg' ? 4 : 1));
    this.pollMs = options.pollMs ?? 1000;
    this.retireGraceMs = options.retireGraceMs ?? 30_000;
    this.logger = options.logger ?? pino({ name: 'projections', level: process.env.LOG_LEVEL ?? 'warn' });
  }

  /** Creates checkpoint rows and schemas; rebuilds projections whose version changed; starts runners. */
  async start(): Promise<void> {
    const db = this.database.db;
    await sql`create table if not exists ${sql.table(CHECKPOINTS)} (
      name text primary key,
      version int not null,
      schema_name text not null,
      transaction_id bigint not null default 0,
      position bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
    await sql`create table if not exists ${sql.table(RETIRED)} (
      schema_name text primary key,
      name text not null,
      retired_at timestamptz not null default now()
    )`.execute(db);
    for (const def of this.definitions) {
      const row = await this.readRow(def.name);
      if (!row) {
        const schema = schemaNameFor(def.name, def.version);
        await this.createSchema(def, schema);
        await query(db, `insert into ${CHECKPOINTS} (name, version, schema_name) values ($1, $2, $3) on conflict (name) do nothing`, [
          def.name,
          def.version,
          schema,
        ]);
      } else if (row.version !== def.version) {
        this.logger.info({ projection: def.name, from: row.version, to: def.version }, `projection ${def.name}: version ${row.version} -> ${def.version}, rebuilding`);
        await this.rebuild(def.name);
      }
      const current = (await this.readRow(def.name))!;
      this.states.set(def.name, {
        def,
        schema: current.schema,
        checkpoint: current.checkpoint,
        scanned: current.checkpoint,
        leaseHeld: false,
        running: false,
        lastError: null,
        waiters: new Set(),
        due: true,
        supersededBy: null,
      });
      this.pins.set(current.schema, null);
    }
    if (this.options.run === false) return;
    this.unsubscribe = this.store.onAppended((types) => {
      if (!types) this.appended = 'all';
      else if (this.appended !== 'all') for (const type of types) this.appended.add(type);
      this.wake?.();
    });
    // every instance switches at the swap, not at its next poll; after a lost LISTEN connection it
    // looks for itself (a swap may have happened meanwhile)
    this.unlistenSwaps = await this.database
      .listen(SWAP_CHANNEL, () => this.requestFollow(), { onReconnect: () => this.requestFollow() })
      .catch((error: unknown) => {
        this.logger.warn(connectionErrorFields(error), `projections: LISTEN ${SWAP_CHANNEL} failed; swaps are followed every ${this.pollMs} ms`);
        return null;
      });
    this.loop = this.runLoop();
  }

  /** The schema a query should read for a projection right now. */
  schemaOf(name: string): string {
    const state = this.states.get(name);
    if (!state) throw new Error(`unknown projection ${name}`);
    return state.schema;
  }

  /**
   * Called after this process committed a batch of a projection (with its events), or when the
   * projection's rows were replaced (a rebuild, a swap by another process: `null`). Batches applied
   * by another process are not reported: check `status().leaseHeld` before relying on it. The
   * events are the projection's own parsed ones (defineProjection's `events`), never cast.
   */
  onApplied<E>(projection: ProjectionDefinition<E>, listener: (events: readonly E[] | null) => void): () => void {
    const name = projection.name;
    if (!this.states.has(name) && !this.definitions.some((d) => d.name === name)) throw new Error(`unknown projection ${name}`);
    let set = this.appliedListeners.get(name);
    if (!set) this.appliedListeners.set(name, (set = new Set()));
    const untyped = listener as (events: readonly unknown[] | null) => void;
    set.add(untyped);
    return () => {
      set.delete(untyped);
    };
  }

  private applied(name: string, events: readonly unknown[] | null): void {
    for (const listener of this.appliedListeners.get(name) ?? []) {
      try {
        listener(events);
      } catch (error) {
        this.logger.error({ projection: name, error: error instanceof Error ? error.message : String(error) }, `projection ${name}: onApplied listener failed`);
      }
    }
  }

  /**
   * Erasure (ADR 0091): every projection's declared personal data of `subjectId`, in its live
   * schema, set to what a rebuild from the erased log gives (or deleted), in one transaction.
   * A rebuild running meanwhile reads the log, which already reads "[erased]". Answers the rows touched.
   */
  async purgeSubject(subjectId: string): Promise<number> {
    let touched = 0;
    const defs = this.definitions.filter((def) => def.personalData?.length);
    // the schemas the checkpoint rows point at (this process may not have followed a swap yet); read
    // before the transaction: on PGlite, one session, a read beside it would wait for it
    const schemas = await this.liveSchemas(defs.map((d) => d.name));
    await this.database.db.transaction().execute(async (trx) => {
      for (const def of defs) {
        const schema = schemas.get(def.name)!;
        for (const purge of def.personalData ?? []) {
          const table = `"${schema}"."${purge.table}"`;
          const subject = purge.subject.replaceAll('{schema}', `"${schema}"`);
          const statement =
            'delete' in purge
              ? `delete from ${table} where ${subject} = $1`
              : `update ${table} set ${Object.entries(purge.set).map(([column, value]) => `"${column}" = ${value}`).join(', ')} where ${subject} = $1`;
          const result = await trx.executeQuery(CompiledQuery.raw(statement, [subjectId]));
          touched += Number(result.numAffectedRows ?? 0n);
        }
      }
    });
    return touched;
  }

  /**
   * Retention (ADR 0091): the IP addresses and user agents every projection declares, in rows
   * recorded before `before` (the start of the first month whose network keys survive), set to what
   * a rebuild gives them now. Answers the rows touched.
   */
  async purgeNetworkData(before: Date): Promise<number> {
    let touched = 0;
    const defs = this.definitions.filter((def) => def.networkData?.length);
    const schemas = await this.liveSchemas(defs.map((d) => d.name));
    await this.database.db.transaction().execute(async (trx) => {
      for (const def of defs) {
        for (const purge of def.networkData ?? []) {
          const schema = schemas.get(def.name)!;
          const sets = Object.entries(purge.set).map(([column, value]) => `"${column}" = ${value}`).join(', ');
          const guard = Object.keys(purge.set).map((column) => `"${column}" is distinct from ${purge.set[column]}`).join(' or ');
          const result = await trx.executeQuery(CompiledQuery.raw(`update "${schema}"."${purge.table}" set ${sets} where "${purge.at}" < $1::timestamptz and (${guard})`, [before.toISOString()]));
          touched += Number(result.numAffectedRows ?? 0n);
        }
      }
    });
    return touched;
  }

  private async liveSchemas(names: string[]): Promise<Map<string, string>> {
    const rows = names.length > 0 ? await this.readRows(names) : [];
    return new Map(names.map((name) => [name, rows.find((r) => r.name === name)?.schema ?? this.schemaOf(name)]));
  }

  /** Kysely scoped to the projection's live schema. */
  reader(name: string): Kysely<any> {
    const schema = this.schemaOf(name);
    const replica = this.options.replicas?.readerFor(name, schema);
    return (replica ?? this.database).db.withSchema(schema);
  }

  /**
   * Read-your-writes: wait (bounded) until the projection has applied everything of its types up
   * to the checkpoint. A target that is an event of another type counts as reached once nothing
   * of ours lies before it.
   */
  async waitFor(name: string, target: Checkpoint | null | undefined, timeoutMs = this.options.readWaitMs ?? 3000): Promise<boolean> {
    if (!target) return true;
    const deadline = Date.now() + timeoutMs;
    const reachedOnPrimary = await this.waitOnPrimary(name, target, deadline);
    const replicas = this.options.replicas;
    const state = this.states.get(name)!;
    // across replication lag: the replica this request reads must have replayed the checkpoint the
    // primary's rows reached; past the same bound the request reads the primary instead
    if (replicas?.readerFor(name, state.schema)) await replicas.waitForCheckpoint(name, state.schema, state.checkpoint, deadline);
    return reachedOnPrimary;
  }

  private async waitOnPrimary(name: string, target: Checkpoint, deadline: number): Promise<boolean> {
    const state = this.states.get(name);
    if (!state) throw new Error(`unknown projection ${name}`);
    let last: Checkpoint | null = null;
    for (;;) {
      if (compareCheckpoints(reached(state), target) >= 0) return true;
      if (!state.leaseHeld) {
        // another process runs it: follow the stored checkpoint, and look at the log ourselves
        const row = await this.readRow(name);
        if (row) this.adopt(state, row);
        if (compareCheckpoints(reached(state), target) >= 0 || (await this.coveredUpTo(state, target))) return true;
      }
      if (state.leaseHeld && last && compareCheckpoints(reached(state), last) === 0) {
        // the runner looked and did not get there (the target not visible yet, or its pass raced
        // the append): look at the log ourselves, as a follower does, then breathe before the
        // runner looks again
        if (await this.coveredUpTo(state, target)) return true;
        await new Promise((r) => setTimeout(r, 5));
      }
      const left = deadline - Date.now();
      if (left <= 0) return false;
      last = reached(state);
      // the runner does the looking: its next pass reads past the target (a batch, or how far it
      // scanned when nothing of its types is there) and releases the waiters
      state.due = true;
      this.wake?.();
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          state.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, state.leaseHeld ? 100 : 25));
        state.waiters.add(done);
      });
    }
  }

  /** waitFor for several read models at once (a read that joins them); true when all were reached. */
  async waitForAll(names: readonly string[], target: Checkpoint | null | undefined, timeoutMs?: number): Promise<boolean> {
    const reachedAll = await Promise.all(names.map((name) => this.waitFor(name, target, timeoutMs)));
    return reachedAll.every(Boolean);
  }

  /** Waits for everything committed so far (a read that has no position to wait for). */
  async waitForHead(name: string, timeoutMs = this.options.readWaitMs ?? 3000): Promise<boolean> {
    return this.waitFor(name, await this.store.headCheckpoint(), timeoutMs);
  }

  /**
   * Nothing of this projection's types lies between its checkpoint and a visible target. The
   * target must be visible before the log is read: a read made while an older transaction still
   * hid it could find nothing of ours, and the target becoming visible a moment later would not
   * make that empty answer cover it.
   */
  private async coveredUpTo(state: RunnerState, target: Checkpoint): Promise<boolean> {
    if (!(await this.visibleUpTo(target))) return false;
    const { events, scannedTo } = await this.store.readAll({ after: reached(state), limit: 1, types: state.def.eventTypes });
    if (events.length > 0) return compareCheckpoints(events[0]!.checkpoint, target) > 0;
    if (scannedTo && compareCheckpoints(scannedTo, state.scanned) > 0) state.scanned = scannedTo;
    return true;
  }

  /** Each read replica's state ([] without DATABASE_REPLICA_URLS). */
  replicaStatus(): ReplicaStatus[] {
    return this.options.replicas?.status() ?? [];
  }

  status(): ProjectionStatus[] {
    return [...this.states.values()].map((s) => ({
      name: s.def.name,
      version: s.def.version,
      schema: s.schema,
      checkpoint: s.checkpoint,
      running: s.running,
      leaseHeld: s.leaseHeld,
      lastError: s.lastError,
      supersededBy: s.supersededBy,
    }));
  }

  /**
   * Events between the projection's checkpoint and the head of the log (capped). Where another
   * process holds the lease, measured from the shared checkpoint row (this process's copy is only
   * refreshed when a read waits), so every instance reports the same, true lag.
   */
  async lag(name: string, cap = 1000): Promise<number> {
    const state = this.states.get(name);
    if (!state) throw new Error(`unknown projection ${name}`);
    if (!state.leaseHeld) {
      const row = await this.readRow(name);
      if (row) this.adopt(state, row);
    }
    const { events } = await this.store.readAll({ after: reached(state), limit: cap, types: state.def.eventTypes });
    return events.length;
  }

  /**
   * Runs every projection until it has read everything committed before the call (tests, tools).
   * Events of an older transaction still open elsewhere are not visible yet: wait for them.
   * `only`: just these projections (a test whose events the others are not meant to read).
   */
  async catchUp(timeoutMs = 15_000, only?: readonly string[]): Promise<void> {
    const target = await this.store.headCheckpoint();
    const deadline = Date.now() + timeoutMs;
    while (!(await this.visibleUpTo(target))) {
      if (Date.now() > deadline) throw new Error(`the log did not become visible up to the head within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    for (const state of this.states.values()) {
      if (only && !only.includes(state.def.name)) continue;
      while ((await this.step(state)) > 0) {
        /* keep going */
      }
    }
  }

  /** True once the log up to `target` is visible to readAll. */
  private async visibleUpTo(target: Checkpoint): Promise<boolean> {
    if (compareCheckpoints(target, START) === 0) return true;
    const { events } = await this.store.readAll({ after: { transactionId: target.transactionId, position: target.position - 1n }, limit: 1 });
    return events.length > 0 && compareCheckpoints(events[0]!.checkpoint, target) === 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wake?.();
    await this.unlistenSwaps?.();
    await this.loop;
    await this.following;
    // closing the session ends its leases and pins
    const session = this.leaseSession;
    this.leaseSession = null;
    await session?.close();
  }

  /**
   * Rebuilds a projection from the log into a fresh schema while the live one keeps serving, then
   * swaps in one transaction that also moves the checkpoint, retires the old schema and notifies
   * every instance (SWAP_CHANNEL, delivered at commit). The old schema is not dropped here: it
   * stays readable until no process reads it (see dropRetired).
   */
  async rebuild(name: string, onProgress?: (applied: number, checkpoint: Checkpoint) => void): Promise<RebuildResult> {
    const [result] = await this.rebuildTogether([name], onProgress);
    return result!;
  }

  /**
   * Rebuilds several projections in one pass over the log (`projections rebuild a b c`): each
   * batch is read once, with every type one of them handles, while the one before is applied; each
   * projection applies its share in a transaction of its own, at the same time as the others (the
   * database works on one while this process folds another). Then each is swapped in as `rebuild`
   * does. `onProgress` gets the events applied so far, all projections together.
   */
  async rebuildTogether(names: readonly string[], onProgress?: (applied: number, checkpoint: Checkpoint) => void): Promise<RebuildResult[]> {
    const defs = names.map((name) => {
      const def = this.definitions.find((d) => d.name === name);
      if (!def) throw new Error(`unknown projection ${name}`);
      return def;
    });
    if (new Set(names).size !== names.length) throw new Error(`a projection named twice: ${names.join(', ')}`);
    const db = this.database.db;
    const head = await this.store.headCheckpoint();
    for (const row of await this.readRows([...names])) {
      if (compareCheckpoints(row.checkpoint, head) > 0) throw new ProjectionAheadOfLogError(row.name, row.checkpoint, head);
    }
    const visibleBy = Date.now() + 15_000;
    while (!(await this.visibleUpTo(head)) && Date.now() < visibleBy) await new Promise((r) => setTimeout(r, 10));
    const suffix = `_r${Date.now().toString(36)}`;
    const jobs: { def: ProjectionDefinition; shadow: string; types: ReadonlySet<string>; applied: number; deferred: string[] }[] = [];
    for (const def of defs) {
      const shadow = schemaNameFor(def.name, def.version, suffix);
      await this.createSchema(def, shadow);
      const deferred = def.readIndexesAfterCopy ? await this.dropReadIndexes(shadow) : [];
      jobs.push({ def, shadow, types: new Set(def.eventTypes), applied: 0, deferred });
    }
    const types = [...new Set(defs.flatMap((d) => d.eventTypes))];
    const total = () => jobs.reduce((n, j) => n + j.applied, 0);
    let checkpoint: Checkpoint = START;
    const read = (after: Checkpoint) => this.store.readAll({ after, limit: this.batchSize * 4, types });
    let reading = read(checkpoint);
    for (;;) {
      const { events, checkpoint: next } = await reading;
      if (events.length === 0) break;
      // the next batch is read while this one is applied (the log is append-only: nothing to wait for)
      reading = read(next);
      const outcomes = await Promise.allSettled(
        jobs.map(async (job) => {
          const share = jobs.length === 1 ? events : events.filter((e) => job.types.has(e.type));
          if (share.length === 0) return;
          await db.transaction().execute((trx) => job.def.apply(trx, job.shadow, share));
          job.applied += share.length;
        }),
      );
      const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed) {
        await reading.catch(() => undefined);
        throw failed.reason;
      }
      checkpoint = next;
      onProgress?.(total(), checkpoint);
    }
    const results: RebuildResult[] = [];
    for (const job of jobs) {
      for (const ddl of job.deferred) await sql.raw(ddl).execute(db);
      await this.vacuumSchema(job.shadow);
      const before = total();
      results.push(await this.swapIn(job.def, job.shadow, checkpoint, job.applied, (applied, at) => onProgress?.(before - job.applied + applied, at)));
    }
    return results;
  }

  /**
   * Swaps a rebuilt schema in: locks the checkpoint row (the live runner waits), applies what
   * arrived since `checkpoint`, switches the row to the new schema and retires the old one.
   */
  private async swapIn(def: ProjectionDefinition, shadow: string, from: Checkpoint, copied: number, onProgress?: (applied: number, checkpoint: Checkpoint) => void): Promise<RebuildResult> {
    const db = this.database.db;
    const name = def.name;
    let checkpoint = from;
    let applied = copied;
    let oldSchema = '';
    for (;;) {
      const { events, checkpoint: next, scannedTo } = await this.store.readAll({ after: checkpoint, limit: this.batchSize * 4, types: def.eventTypes });
      // nothing of ours up to here (the read looked that far)
      const seen = events.length === 0 && scannedTo && compareCheckpoints(scannedTo, checkpoint) > 0 ? scannedTo : checkpoint;
      const swapped = await db.transaction().execute(async (trx) => {
        const rows = await query<{ schema_name: string; transaction_id: string | bigint; position: string | bigint }>(
          trx,
          `select schema_name, transaction_id, position from ${CHECKPOINTS} where name = $1 for update`,
          [name],
        );
        if (events.length > 0) {
          await def.apply(trx, shadow, events);
          return false;
        }
        const live = rows[0];
        // the live runner applied events committed after our read: read again rather than move the
        // checkpoint back (a read that waited for them would then miss them in the new schema)
        const liveAt = live && { transactionId: BigInt(live.transaction_id), position: BigInt(live.position) };
        if (liveAt && scannedTo && compareCheckpoints(liveAt, seen) > 0) {
          // the log was cut back under a running rebuild: it will never reach the live checkpoint
          const head = await this.store.headCheckpoint();
          if (compareCheckpoints(liveAt, head) > 0) throw new ProjectionAheadOfLogError(name, liveAt, head);
          return false;
        }
        oldSchema = live?.schema_name ?? '';
        await query(
          trx,
          `insert into ${CHECKPOINTS} (name, version, schema_name, transaction_id, position, updated_at) values ($1, $2, $3, $4, $5, now())
           on conflict (name) do update set version = excluded.version, schema_name = excluded.schema_name,
             transaction_id = excluded.transaction_id, position = excluded.position, updated_at = now()`,
          [name, def.version, shadow, seen.transactionId.toString(), seen.position.toString()],
        );
        if (oldSchema && oldSchema !== shadow) {
          await query(trx, `insert into ${RETIRED} (schema_name, name) values ($1, $2) on conflict (schema_name) do nothing`, [oldSchema, name]);
        }
        await this.database.notify(trx, SWAP_CHANNEL, name);
        return true;
      });
      if (events.length > 0) {
        checkpoint = next;
        applied += events.length;
        onProgress?.(applied, checkpoint);
      }
      if (swapped) {
        checkpoint = seen;
        break;
      }
    }
    const state = this.states.get(name);
    if (state) this.adopt(state, { name, version: def.version, schema: shadow, checkpoint });
    this.retiredMaybe = true;
    this.logger.info({ projection: name, schema: shadow, retired: oldSchema || null, events: applied }, `projection ${name}: swapped to ${shadow}`);
    return { name, events: applied, schema: shadow, retired: oldSchema && oldSchema !== shadow ? oldSchema : null };
  }

  /**
   * Points this process's reads at the stored row. A moved schema is switched to at once; the one
   * it replaces stays pinned for the grace period (reads that resolved it are still running). A
   * row of another version means newer code swapped it in: this process keeps serving its own
   * version, frozen, and gives up running it. On the same schema the checkpoint only moves forward.
   */
  private adopt(state: RunnerState, row: CheckpointRow): void {
    if (row.version !== state.def.version) {
      this.supersede(state, row.version);
      return;
    }
    if (row.schema !== state.schema) {
      const old = state.schema;
      this.pins.set(row.schema, null);
      this.pins.set(old, Date.now() + this.retireGraceMs);
      state.schema = row.schema;
      state.checkpoint = row.checkpoint;
      state.scanned = row.checkpoint;
      state.due = true;
      this.retiredMaybe = true;
      this.applied(state.def.name, null);
      return;
    }
    if (compareCheckpoints(row.checkpoint, state.checkpoint) > 0) state.checkpoint = row.checkpoint;
    if (compareCheckpoints(state.checkpoint, state.scanned) > 0) state.scanned = state.checkpoint;
  }

  private supersede(state: RunnerState, version: number): void {
    if (state.supersededBy === version) return;
    state.supersededBy = version;
    this.logger.warn(
      { projection: state.def.name, version: state.def.version, liveVersion: version },
      `projection ${state.def.name}: version ${version} is live now; this process keeps serving version ${state.def.version} (frozen) and stops running it`,
    );
    if (state.leaseHeld && this.leaseSession) {
      const session = this.leaseSession;
      session.query('select pg_advisory_unlock(hashtext($1))', [`projection:${state.def.name}`]).catch(() => undefined);
    }
    state.leaseHeld = false;
  }

  /**
   * A rebuilt schema's tables vacuumed and analyzed before it serves: without statistics the
   * planner guesses a few rows per table and picks plans that read whole tables (a report page took
   * seconds instead of milliseconds until autovacuum came round), and the index entries of the rows
   * a rebuild updated (a temporal table's closed versions) are still there to wade through.
   */
  private async vacuumSchema(schema: string): Promise<void> {
    const tables = await query<{ tablename: string }>(this.database.db, 'select tablename from pg_tables where schemaname = $1', [schema]);
    for (const { tablename } of tables) await sql`vacuum (analyze) ${sql.table(`${schema}.${tablename}`)}`.execute(this.database.db);
  }

  /**
   * Drops the schema's secondary indexes (neither a primary key nor unique: no constraint and no
   * `on conflict` needs them) and returns the statements that build them again.
   */
  private async dropReadIndexes(schema: string): Promise<string[]> {
    const indexes = await query<{ name: string; ddl: string }>(
      this.database.db,
      `select c.relname as name, pg_get_indexdef(x.indexrelid) as ddl
         from pg_index x join pg_class c on c.oid = x.indexrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and not x.indisprimary and not x.indisunique`,
      [schema],
    );
    for (const { name } of indexes) await sql`drop index ${sql.table(`${schema}.${name}`)}`.execute(this.database.db);
    return indexes.map((i) => i.ddl);
  }

  private async createSchema(def: ProjectionDefinition, schema: string): Promise<void> {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(this.database.db);
    await def.migrate(this.database.db, schema);
  }

  private async readRow(name: string): Promise<CheckpointRow | null> {
    return (await this.readRows([name]))[0] ?? null;
  }

  private async readRows(names: string[]): Promise<CheckpointRow[]> {
    const rows = await query<{ name: string; version: number; schema_name: string; transaction_id: string | bigint; position: string | bigint }>(
      this.database.db,
      `select name, version, schema_name, transaction_id, position from ${CHECKPOINTS} where name = any($1::text[])`,
      [names],
    );
    return rows.map((row) => ({
      name: row.name,
      version: Number(row.version),
      schema: row.schema_name,
      checkpoint: { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) },
    }));
  }

  /**
   * Steps only the runners that can have work: those whose event types this process just appended
   * (all of them when another process appended), those whose last batch applied something, and
   * those a read is waiting for. When nothing wakes it for `pollMs`, one look at the head of the
   * log finds the runners that are behind (a lost notification, events that became visible late),
   * so an idle process costs one query per poll instead of a read per projection. Swaps are
   * followed on their notification and, busy or idle, at least every `pollMs` (housekeeping).
   */
  private async runLoop(): Promise<void> {
    while (!this.stopped) {
      this.wakeRequested = false;
      try {
        await this.acquireLeases();
      } catch (error) {
        // the database is unreachable, or the lease connection died under the query: try next pass
        this.logger.warn(connectionErrorFields(error), 'projections: taking the leases failed; trying again');
      }
      if (Date.now() - this.lastHousekeeping >= this.pollMs) await this.housekeeping();
      const appended = this.appended;
      this.appended = new Set();
      let progressed = 0;
      const due = [...this.states.values()].filter((state) => isDue(state, appended));
      // runners are independent (own rows, own checkpoint row): a few at a time, so a write that
      // several read models handle is readable sooner
      const work = async () => {
        for (let state = due.shift(); state && !this.stopped; state = due.shift()) {
          try {
            state.running = true;
            const applied = await this.step(state);
            progressed += applied;
            state.due = applied > 0;
            state.lastError = null;
          } catch (error) {
            // not due again at once (a failing batch would spin): the next poll finds it behind
            state.due = false;
            state.lastError = error instanceof Error ? error.message : String(error);
            this.options.onBatchError?.(state.def.name, error);
            this.logger.error({ projection: state.def.name, error: state.lastError }, `projection ${state.def.name} batch failed`);
          } finally {
            state.running = false;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.parallelism, due.length) }, work));
      // an append or a waiting read that arrived while this pass ran would otherwise wait for the poll
      if (progressed > 0 || this.stopped || this.pending()) continue;
      const woken = await this.pause();
      if (!woken && !this.stopped) await this.poll();
    }
  }

  /** Waits for a wake-up or `pollMs`; true when woken. */
  private async pause(): Promise<boolean> {
    // asked for while the pass ran (the lease connection was lost): no wait
    if (this.wakeRequested) {
      this.wakeRequested = false;
      return true;
    }
    const woken = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), this.pollMs);
      const done = (byWake: boolean) => {
        clearTimeout(timer);
        resolve(byWake);
      };
      this.wake = () => done(true);
    });
    this.wake = null;
    return woken;
  }

  private pending(): boolean {
    return [...this.states.values()].some((state) => isDue(state, this.appended));
  }

  /** The fallback when nothing woke the loop: mark runners behind the head. */
  private async poll(): Promise<void> {
    try {
      const head = await this.store.headCheckpoint();
      for (const state of this.states.values()) if (compareCheckpoints(head, reached(state)) > 0) state.due = true;
    } catch (error) {
      this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'projections: poll failed');
      for (const state of this.states.values()) state.due = true;
    }
  }

  /** Every `pollMs`, busy or idle: follow swaps (a lost notification), end expired pins, drop retired schemas. */
  private async housekeeping(): Promise<void> {
    this.lastHousekeeping = Date.now();
    try {
      await this.followSwaps();
      const now = Date.now();
      for (const [schema, until] of this.pins) if (until !== null && until <= now) this.pins.delete(schema);
      await this.syncPins();
      if (this.retiredMaybe) await this.dropRetired();
    } catch (error) {
      this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'projections: housekeeping failed; trying again');
    }
  }

  /**
   * One batch: read after the stored checkpoint, then in one transaction lock the checkpoint row,
   * check nobody moved it (another runner, a swap), apply and advance it. A throw rolls back both.
   * Schema and checkpoint are taken once, before the read: a swap followed meanwhile must not let
   * events read for the old checkpoint be applied on top of the new one.
   */
  private async step(state: RunnerState): Promise<number> {
    const def = state.def;
    const schema = state.schema;
    const from = state.checkpoint;
    const { events, checkpoint, scannedTo } = await this.store.readAll({ after: reached(state), limit: this.batchSize, types: def.eventTypes });
    if (events.length === 0) {
      // nothing of ours: remember how far we looked so the next pass starts there
      if (scannedTo && compareCheckpoints(scannedTo, state.scanned) > 0 && state.schema === schema) state.scanned = scannedTo;
      releaseWaiters(state);
      return 0;
    }
    const next = scannedTo && compareCheckpoints(scannedTo, checkpoint) > 0 ? scannedTo : checkpoint;
    const outcome = await this.database.db.transaction().execute(async (trx) => {
      const rows = await query<{ version: number; schema_name: string; transaction_id: string | bigint; position: string | bigint }>(
        trx,
        `select version, schema_name, transaction_id, position from ${CHECKPOINTS} where name = $1 for update`,
        [def.name],
      );
      const row = rows[0];
      if (!row) throw new Error(`checkpoint row missing for ${def.name}`);
      const stored = { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) };
      if (row.schema_name !== schema || Number(row.version) !== def.version || compareCheckpoints(stored, from) !== 0) {
        return { moved: true as const, row: { name: def.name, version: Number(row.version), schema: row.schema_name, checkpoint: stored } };
      }
      const parsed = await def.apply(trx, schema, events as RecordedEvent[]);
      await query(trx, `update ${CHECKPOINTS} set transaction_id = $2, position = $3, updated_at = now() where name = $1`, [
        def.name,
        next.transactionId.toString(),
        next.position.toString(),
      ]);
      return { moved: false as const, parsed: parsed ?? events };
    });
    if (outcome.moved) {
      if (outcome.row.schema === state.schema && outcome.row.version === def.version) {
        // the same schema moved on (another runner): take its checkpoint, re-read from there
        state.checkpoint = outcome.row.checkpoint;
        state.scanned = outcome.row.checkpoint;
        this.applied(def.name, null);
      } else this.adopt(state, outcome.row);
      return state.supersededBy === null ? 1 : 0; // re-read from the stored position
    }
    state.checkpoint = next;
    state.scanned = next;
    // before the waiters: a read that waited for this batch must not find an outdated cache
    this.applied(def.name, outcome.parsed);
    releaseWaiters(state);
    return events.length;
  }

  /** Follows the swaps of every projection now, one at a time (a notification, a reconnect). */
  private requestFollow(): void {
    if (this.stopped) return;
    if (this.following) {
      this.followAgain = true;
      return;
    }
    this.following = (async () => {
      do {
        this.followAgain = false;
        try {
          await this.followSwaps();
        } catch (error) {
          this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'projections: following a swap failed; the next housekeeping tries again');
        }
      } while (this.followAgain && !this.stopped);
      this.following = null;
    })();
  }

  /** A rebuild in another process (the CLI) swaps schemas: read where the checkpoint rows point (one query). */
  private async followSwaps(): Promise<void> {
    for (const row of await this.readRows([...this.states.keys()])) {
      const state = this.states.get(row.name);
      if (state && (row.schema !== state.schema || row.version !== state.def.version)) {
        this.adopt(state, row);
        if (state.schema === row.schema) this.logger.info({ projection: row.name, schema: row.schema }, `projection ${row.name}: now reading ${row.schema}`);
      }
    }
  }

  /**
   * Takes the read pins this process lacks on its lease session and gives back those it no longer
   * needs. A pin refused means a dropper holds the schema right now: it is retired, and the next
   * followSwaps points the reads elsewhere.
   */
  private async syncPins(): Promise<void> {
    const session = this.leaseSession;
    if (!session) return;
    for (const schema of this.pins.keys()) {
      if (this.sessionPins.has(schema)) continue;
      const rows = await session.query<{ ok: boolean }>('select pg_try_advisory_lock_shared($1, hashtext($2)) as ok', [PIN_CLASS, schema]);
      if (rows[0]?.ok) this.sessionPins.add(schema);
    }
    for (const schema of [...this.sessionPins]) {
      if (this.pins.has(schema)) continue;
      await session.query('select pg_advisory_unlock_shared($1, hashtext($2))', [PIN_CLASS, schema]);
      this.sessionPins.delete(schema);
    }
  }

  /**
   * Drops the retired schemas that are past the grace period and that no process reads: not pinned
   * here, and (server) no other process holds a pin, which the exclusive advisory lock proves. The
   * drop waits (at most 5 s, else it is tried again later) for transactions still reading it.
   */
  private async dropRetired(): Promise<void> {
    const rows = await query<{ schema_name: string; due: boolean }>(
      this.database.db,
      `select schema_name, retired_at < now() - make_interval(secs => $1) as due from ${RETIRED}`,
      [this.retireGraceMs / 1000],
    );
    if (rows.length === 0) {
      this.retiredMaybe = false;
      return;
    }
    const server = this.database.kind === 'pg';
    const session = this.leaseSession;
    for (const { schema_name: schema, due } of rows) {
      if (!due || this.pins.has(schema) || (server && !session)) continue;
      if (server) {
        const got = await session!.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [PIN_CLASS, schema]);
        if (!got[0]?.ok) continue; // another process still reads it
      }
      try {
        await this.database.db.transaction().execute(async (trx) => {
          if (server) await query(trx, `set local lock_timeout = '5s'`);
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
          await query(trx, `delete from ${RETIRED} where schema_name = $1`, [schema]);
        });
        this.logger.info({ schema }, `projections: dropped retired schema ${schema}`);
      } catch (error) {
        this.logger.warn({ schema, error: error instanceof Error ? error.message : String(error) }, `projections: dropping ${schema} failed; trying again later`);
      } finally {
        if (server) await session!.query('select pg_advisory_unlock($1, hashtext($2))', [PIN_CLASS, schema]).catch(() => undefined);
      }
    }
  }

  /**
   * On a server, one process holds each projection's advisory lock on its lease session; PGlite is
   * one process. When the session's connection is lost (restart, failover, idle timeout,
   * pg_terminate_backend) Postgres has released its locks: the loss is logged, every lease is
   * marked lost at once (another process may run the projection already), and the next pass opens
   * a new session and takes the pins and leases again.
   */
  private async acquireLeases(): Promise<void> {
    if (this.database.kind === 'pglite') {
      for (const s of this.states.values()) s.leaseHeld = s.supersededBy === null;
      return;
    }
    if (!this.leaseSession) {
      const session = await this.database.openSession('projections');
      if (this.stopped) {
        await session.close();
        return;
      }
      this.leaseSession = session;
      this.sessionPins.clear();
      void session.lost.then((cause) => this.sessionLost(session, cause));
      // pins first: a schema this process reads must not be dropped while the leases are taken
      await this.syncPins();
    }
    const session = this.leaseSession;
    const taken: string[] = [];
    for (const s of this.states.values()) {
      if (s.leaseHeld || s.supersededBy !== null) continue;
      const rows = await session.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [`projection:${s.def.name}`]);
      if (this.leaseSession !== session) return; // lost meanwhile
      s.leaseHeld = rows[0]?.ok === true;
      if (s.leaseHeld) {
        const row = await this.readRow(s.def.name);
        if (row) {
          this.adopt(s, row);
          if (s.supersededBy !== null) continue;
          // the stored checkpoint is where this runner goes on from
          s.checkpoint = row.checkpoint;
          s.scanned = row.checkpoint;
        }
        taken.push(s.def.name);
        s.due = true;
        // rows written while another process held the lease were never reported here
        this.applied(s.def.name, null);
      }
    }
    if (taken.length > 0) this.logger.info({ leases: taken }, `projections: took the lease of ${taken.length} projection(s)`);
  }

  private sessionLost(session: Session, cause: Error | null): void {
    if (this.leaseSession !== session) return;
    this.leaseSession = null;
    this.sessionPins.clear();
    const held = [...this.states.values()].filter((s) => s.leaseHeld);
    for (const s of held) s.leaseHeld = false;
    if (!this.stopped) {
      this.logger.warn(
        { ...connectionErrorFields(cause), leases: held.map((s) => s.def.name) },
        'projections: the lease connection was lost; its leases and pins are released; taking them again',
      );
    }
    this.wakeRequested = true;
    this.wake?.();
  }
}
