import { sql, type Kysely } from 'kysely';
import { query, type Database } from '@portal/database';
import { compareCheckpoints, START, type Checkpoint, type EventStore, type RecordedEvent } from '@portal/eventstore';
import { schemaNameFor, type ProjectionDefinition } from './projection.js';

export interface ProjectionStatus {
  name: string;
  version: number;
  schema: string;
  checkpoint: Checkpoint;
  running: boolean;
  leaseHeld: boolean;
  lastError: string | null;
}

export interface RuntimeOptions {
  batchSize?: number;
  /** Fallback poll when no wake-up arrives (ms). */
  pollMs?: number;
  /** Start runners (false in read-only tools). */
  run?: boolean;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
  /** How long a read waits for its position (read-your-writes) before answering anyway. */
  readWaitMs?: number;
  onBatchError?: (name: string, error: unknown) => void;
  /** Runners stepped at once (default 4 on a server, 1 on PGlite). */
  parallelism?: number;
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
}

const CHECKPOINTS = 'projection_checkpoints';

interface CheckpointRow {
  name: string;
  version: number;
  schema: string;
  checkpoint: Checkpoint;
}
/** A runner this process runs, with work it may have: see runLoop. */
const isDue = (state: RunnerState, appended: Set<string> | 'all'): boolean =>
  state.leaseHeld && (state.due || appended === 'all' || state.def.eventTypes.some((type) => appended.has(type)));
const releaseWaiters = (state: RunnerState): void => {
  for (const w of [...state.waiters]) w();
};
const reached = (state: { checkpoint: Checkpoint; scanned: Checkpoint }): Checkpoint =>
  compareCheckpoints(state.scanned, state.checkpoint) > 0 ? state.scanned : state.checkpoint;

/**
 * Runs projections: one runner per projection across processes (advisory-lock lease on a server),
 * checkpoint stored in the same transaction as the rows, woken on append, batched catch-up,
 * rebuild into a shadow schema then swap while the old version keeps serving.
 */
export class ProjectionRuntime {
  private readonly states = new Map<string, RunnerState>();
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly appliedListeners = new Map<string, Set<(events: readonly RecordedEvent[] | null) => void>>();
  /** Event types appended in this process since the loop last looked ('all': unknown, e.g. another process's). */
  private appended: Set<string> | 'all' = 'all';
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private leaseSession: { release: () => void; done: Promise<void>; db: Kysely<any> } | null = null;
  private readonly batchSize: number;
  private readonly pollMs: number;
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
        this.log(`projection ${def.name}: version ${row.version} -> ${def.version}, rebuilding`);
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
      });
    }
    if (this.options.run === false) return;
    this.unsubscribe = this.store.onAppended((types) => {
      if (!types) this.appended = 'all';
      else if (this.appended !== 'all') for (const type of types) this.appended.add(type);
      this.wake?.();
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
   * by another process are not reported: check `status().leaseHeld` before relying on it.
   */
  onApplied(name: string, listener: (events: readonly RecordedEvent[] | null) => void): () => void {
    if (!this.states.has(name) && !this.definitions.some((d) => d.name === name)) throw new Error(`unknown projection ${name}`);
    let set = this.appliedListeners.get(name);
    if (!set) this.appliedListeners.set(name, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  private applied(name: string, events: readonly RecordedEvent[] | null): void {
    for (const listener of this.appliedListeners.get(name) ?? []) {
      try {
        listener(events);
      } catch (error) {
        this.log(`projection ${name}: onApplied listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** Kysely scoped to the projection's live schema. */
  reader(name: string): Kysely<any> {
    return this.database.db.withSchema(this.schemaOf(name));
  }

  /**
   * Read-your-writes: wait (bounded) until the projection has applied everything of its types up
   * to the checkpoint. A target that is an event of another type counts as reached once nothing
   * of ours lies before it.
   */
  async waitFor(name: string, target: Checkpoint | null | undefined, timeoutMs = this.options.readWaitMs ?? 3000): Promise<boolean> {
    if (!target) return true;
    const state = this.states.get(name);
    if (!state) throw new Error(`unknown projection ${name}`);
    const deadline = Date.now() + timeoutMs;
    let last: Checkpoint | null = null;
    for (;;) {
      if (compareCheckpoints(reached(state), target) >= 0) return true;
      if (!state.leaseHeld) {
        // another process runs it: follow the stored checkpoint, and look at the log ourselves
        const row = await this.readRow(name);
        if (row) {
          state.checkpoint = row.checkpoint;
          if (compareCheckpoints(row.checkpoint, state.scanned) > 0) state.scanned = row.checkpoint;
          state.schema = row.schema;
        }
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

  status(): ProjectionStatus[] {
    return [...this.states.values()].map((s) => ({
      name: s.def.name,
      version: s.def.version,
      schema: s.schema,
      checkpoint: s.checkpoint,
      running: s.running,
      leaseHeld: s.leaseHeld,
      lastError: s.lastError,
    }));
  }

  /** Events between the projection's checkpoint and the head of the log (capped). */
  async lag(name: string, cap = 1000): Promise<number> {
    const state = this.states.get(name);
    if (!state) throw new Error(`unknown projection ${name}`);
    const { events } = await this.store.readAll({ after: reached(state), limit: cap, types: state.def.eventTypes });
    return events.length;
  }

  /**
   * Runs every projection until it has read everything committed before the call (tests, tools).
   * Events of an older transaction still open elsewhere are not visible yet: wait for them.
   */
  async catchUp(timeoutMs = 15_000): Promise<void> {
    const target = await this.store.headCheckpoint();
    const deadline = Date.now() + timeoutMs;
    while (!(await this.visibleUpTo(target))) {
      if (Date.now() > deadline) throw new Error(`the log did not become visible up to the head within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    for (const state of this.states.values()) {
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
    await this.loop;
    this.leaseSession?.release();
    await this.leaseSession?.done;
    this.leaseSession = null;
  }

  /**
   * Rebuilds a projection from the log into a fresh schema while the live one keeps serving,
   * then swaps in one transaction that also moves the checkpoint.
   */
  async rebuild(name: string, onProgress?: (applied: number, checkpoint: Checkpoint) => void): Promise<{ events: number; schema: string }> {
    const def = this.definitions.find((d) => d.name === name);
    if (!def) throw new Error(`unknown projection ${name}`);
    const db = this.database.db;
    const head = await this.store.headCheckpoint();
    const visibleBy = Date.now() + 15_000;
    while (!(await this.visibleUpTo(head)) && Date.now() < visibleBy) await new Promise((r) => setTimeout(r, 10));
    const shadow = schemaNameFor(def.name, def.version, `_r${Date.now().toString(36)}`);
    await this.createSchema(def, shadow);
    let checkpoint: Checkpoint = START;
    let applied = 0;
    const copyUntilHead = async () => {
      for (;;) {
        const { events, checkpoint: next } = await this.store.readAll({ after: checkpoint, limit: this.batchSize * 4, types: def.eventTypes });
        if (events.length === 0) return;
        await db.transaction().execute((trx) => def.apply(trx, shadow, events));
        checkpoint = next;
        applied += events.length;
        onProgress?.(applied, checkpoint);
      }
    };
    await copyUntilHead();
    // Swap: lock the checkpoint row (the live runner waits), apply what arrived meanwhile, switch.
    let oldSchema = '';
    for (;;) {
      const { events, checkpoint: next } = await this.store.readAll({ after: checkpoint, limit: this.batchSize * 4, types: def.eventTypes });
      const swapped = await db.transaction().execute(async (trx) => {
        const rows = await query<{ schema_name: string }>(trx, `select schema_name from ${CHECKPOINTS} where name = $1 for update`, [name]);
        if (events.length > 0) {
          await def.apply(trx, shadow, events);
          return false;
        }
        oldSchema = rows[0]?.schema_name ?? '';
        await query(
          trx,
          `insert into ${CHECKPOINTS} (name, version, schema_name, transaction_id, position, updated_at) values ($1, $2, $3, $4, $5, now())
           on conflict (name) do update set version = excluded.version, schema_name = excluded.schema_name,
             transaction_id = excluded.transaction_id, position = excluded.position, updated_at = now()`,
          [name, def.version, shadow, checkpoint.transactionId.toString(), checkpoint.position.toString()],
        );
        return true;
      });
      if (events.length > 0) {
        checkpoint = next;
        applied += events.length;
        onProgress?.(applied, checkpoint);
      }
      if (swapped) break;
    }
    const state = this.states.get(name);
    if (state) {
      state.schema = shadow;
      state.checkpoint = checkpoint;
      state.scanned = checkpoint;
    }
    this.applied(name, null);
    if (oldSchema && oldSchema !== shadow) await sql`drop schema if exists ${sql.id(oldSchema)} cascade`.execute(db);
    return { events: applied, schema: shadow };
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
   * so an idle process costs one query per poll instead of a read per projection.
   */
  private async runLoop(): Promise<void> {
    while (!this.stopped) {
      await this.acquireLeases();
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
            this.log(`projection ${state.def.name} batch failed: ${state.lastError}`);
          } finally {
            state.running = false;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.parallelism, due.length) }, work));
      // an append or a waiting read that arrived while this pass ran would otherwise wait for the poll
      if (progressed > 0 || this.stopped || this.pending()) continue;
      const woken = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), this.pollMs);
        const done = (byWake: boolean) => {
          clearTimeout(timer);
          resolve(byWake);
        };
        this.wake = () => done(true);
      });
      this.wake = null;
      if (!woken && !this.stopped) await this.poll();
    }
  }

  private pending(): boolean {
    return [...this.states.values()].some((state) => isDue(state, this.appended));
  }

  /** The fallback when nothing woke the loop: follow schema swaps, mark runners behind the head. */
  private async poll(): Promise<void> {
    try {
      await this.followSwaps();
      const head = await this.store.headCheckpoint();
      for (const state of this.states.values()) if (compareCheckpoints(head, reached(state)) > 0) state.due = true;
    } catch (error) {
      this.log(`projections: poll failed: ${error instanceof Error ? error.message : String(error)}`);
      for (const state of this.states.values()) state.due = true;
    }
  }

  /**
   * One batch: read after the stored checkpoint, then in one transaction lock the checkpoint row,
   * check nobody moved it (another runner, a swap), apply and advance it. A throw rolls back both.
   */
  private async step(state: RunnerState): Promise<number> {
    const def = state.def;
    const { events, checkpoint, scannedTo } = await this.store.readAll({ after: reached(state), limit: this.batchSize, types: def.eventTypes });
    if (events.length === 0) {
      // nothing of ours: remember how far we looked so the next pass starts there
      if (scannedTo && compareCheckpoints(scannedTo, state.scanned) > 0) state.scanned = scannedTo;
      releaseWaiters(state);
      return 0;
    }
    const from = state.checkpoint;
    const next = scannedTo && compareCheckpoints(scannedTo, checkpoint) > 0 ? scannedTo : checkpoint;
    const outcome = await this.database.db.transaction().execute(async (trx) => {
      const rows = await query<{ schema_name: string; transaction_id: string | bigint; position: string | bigint }>(
        trx,
        `select schema_name, transaction_id, position from ${CHECKPOINTS} where name = $1 for update`,
        [def.name],
      );
      const row = rows[0];
      if (!row) throw new Error(`checkpoint row missing for ${def.name}`);
      const stored = { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) };
      if (row.schema_name !== state.schema || compareCheckpoints(stored, from) !== 0) {
        return { moved: true as const, schema: row.schema_name, checkpoint: stored };
      }
      await def.apply(trx, state.schema, events as RecordedEvent[]);
      await query(trx, `update ${CHECKPOINTS} set transaction_id = $2, position = $3, updated_at = now() where name = $1`, [
        def.name,
        next.transactionId.toString(),
        next.position.toString(),
      ]);
      return { moved: false as const };
    });
    if (outcome.moved) {
      state.schema = outcome.schema;
      state.checkpoint = outcome.checkpoint;
      state.scanned = outcome.checkpoint;
      this.applied(def.name, null);
      return 1; // re-read from the stored position
    }
    state.checkpoint = next;
    state.scanned = next;
    // before the waiters: a read that waited for this batch must not find an outdated cache
    this.applied(def.name, events as RecordedEvent[]);
    releaseWaiters(state);
    return events.length;
  }

  /** A rebuild in another process (the CLI) swaps schemas: read where the checkpoint rows point (one query). */
  private async followSwaps(): Promise<void> {
    for (const row of await this.readRows([...this.states.keys()])) {
      const state = this.states.get(row.name);
      if (state && row.schema !== state.schema) {
        state.schema = row.schema;
        state.checkpoint = row.checkpoint;
        state.scanned = row.checkpoint;
        state.due = true;
        this.applied(row.name, null);
      }
    }
  }

  /** On a server, one process holds each projection's advisory lock; PGlite is one process. */
  private async acquireLeases(): Promise<void> {
    if (this.database.kind === 'pglite') {
      for (const s of this.states.values()) s.leaseHeld = true;
      return;
    }
    if (!this.leaseSession) {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let ready!: (db: Kysely<any>) => void;
      const session = new Promise<Kysely<any>>((r) => (ready = r));
      const done = this.database
        .withSession(async (conn) => {
          ready(conn);
          await released;
          await query(conn, 'select pg_advisory_unlock_all()');
        })
        .catch(() => undefined);
      this.leaseSession = { release, done, db: await session };
    }
    for (const s of this.states.values()) {
      if (s.leaseHeld) continue;
      const rows = await query<{ ok: boolean }>(this.leaseSession.db, 'select pg_try_advisory_lock(hashtext($1)) as ok', [`projection:${s.def.name}`]);
      s.leaseHeld = rows[0]?.ok === true;
      if (s.leaseHeld) {
        s.due = true;
        const row = await this.readRow(s.def.name);
        if (row) {
          s.schema = row.schema;
          s.checkpoint = row.checkpoint;
          s.scanned = row.checkpoint;
        }
        // rows written while another process held the lease were never reported here
        this.applied(s.def.name, null);
      }
    }
  }

  private log(msg: string, extra?: Record<string, unknown>) {
    this.options.log?.(msg, extra);
  }
}
