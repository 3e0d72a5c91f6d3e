import { AsyncLocalStorage } from 'node:async_hooks';
import { createDatabase, connectionErrorFields, query, type Database, type DatabaseLogger } from '@portal/database';
import { compareCheckpoints, type Checkpoint } from '@portal/eventstore';

/**
 * Postgres streaming replicas that serve projection queries (issue 32, ADR 0095). Everything else
 * (events, checkpoints, runner transactions, the outbox, the throttle) stays on the primary.
 *
 * Each replica is checked every `checkMs`: its replay position against the primary's WAL position
 * gives how stale it is (the age of the oldest primary write it has not replayed). A replica that
 * does not answer is `down`; one staler than `maxLagMs` is `lagging`; both leave the pool and come
 * back at the first check that finds them healthy.
 *
 * Reads are pinned per request: `run` opens a scope (an AsyncLocalStorage store), the first
 * projection read in it picks a healthy replica (round robin) and every later read of the request
 * uses the same one, so a page never mixes two replicas' states. Outside a scope (runners,
 * background jobs, the CLI) reads stay on the primary.
 */
export type ReplicaState = 'up' | 'lagging' | 'down';

export interface ReplicaStatus {
  /** host:port of the replica (no credentials). */
  name: string;
  state: ReplicaState;
  /** How far behind the primary it was at the last check (ms; null when down). */
  lagMs: number | null;
  error: string | null;
  /** When it entered this state (ISO). */
  since: string;
}

export interface ReplicaPoolOptions {
  /** Lag past which a replica leaves the pool (default 5000 ms). */
  maxLagMs?: number;
  /** Health-check interval (default 500 ms). */
  checkMs?: number;
  poolSize?: number;
  logger?: DatabaseLogger;
}

interface Replica {
  name: string;
  database: Database;
  state: ReplicaState;
  lagMs: number | null;
  error: string | null;
  since: number;
  /** projection name -> the schema its checkpoint row names on this replica (what it can serve). */
  schemas: Map<string, string>;
}

interface Scope {
  /** undefined: not chosen yet; null: the primary (no healthy replica, or a fallback). */
  replica: Replica | null | undefined;
}

/** A WAL position 'X/Y' as a number. */
const lsnValue = (lsn: string): bigint => {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

const nameOf = (url: string): string => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}`;
};

export class ReplicaPool {
  private readonly replicas: Replica[] = [];
  private readonly scopes = new AsyncLocalStorage<Scope>();
  /** The primary's WAL position at each check (newest last), kept for maxLagMs x 4. */
  private samples: { at: number; lsn: bigint }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private next = 0;
  private readonly maxLagMs: number;
  private readonly checkMs: number;

  constructor(
    private readonly primary: Database,
    private readonly urls: readonly string[],
    private readonly options: ReplicaPoolOptions = {},
  ) {
    this.maxLagMs = options.maxLagMs ?? 5000;
    this.checkMs = options.checkMs ?? 500;
  }

  /** Opens the pools (lazily connecting) and runs the first check. */
  async start(): Promise<void> {
    for (const url of this.urls) {
      const database = await createDatabase({ url, poolSize: this.options.poolSize ?? 10, ...(this.options.logger ? { logger: this.options.logger } : {}) });
      this.replicas.push({ name: nameOf(url), database, state: 'down', lagMs: null, error: 'not checked yet', since: Date.now(), schemas: new Map() });
    }
    await this.check();
    const tick = () => {
      this.timer = setTimeout(() => {
        this.checking = this.check().finally(() => {
          this.checking = null;
          if (this.timer) tick();
        });
      }, this.checkMs);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.checking;
    await Promise.all(this.replicas.map((r) => r.database.close()));
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((r) => ({ name: r.name, state: r.state, lagMs: r.lagMs, error: r.error, since: new Date(r.since).toISOString() }));
  }

  /** Runs fn in a read scope of its own (one request). */
  run<T>(fn: () => T): T {
    return this.scopes.run({ replica: undefined }, fn);
  }

  /** A new scope's store, to enter again where a framework loses the async context (see app.factory). */
  newScope(): Scope {
    return { replica: undefined };
  }

  runIn<T>(scope: Scope, fn: () => T): T {
    return this.scopes.run(scope, fn);
  }

  /**
   * The replica this scope reads a projection from, or null for the primary: outside a scope, when
   * no replica is healthy, after a fallback, or when the replica does not serve the schema the
   * primary does now (a swap it has not replayed yet).
   */
  readerFor(name: string, schema: string): Database | null {
    const replica = this.chosen();
    if (!replica || replica.state !== 'up' || replica.schemas.get(name) !== schema) return null;
    return replica.database;
  }

  /**
   * Read-your-writes on the replica: wait until its checkpoint row of the projection names the
   * schema and reaches the checkpoint the primary reached; past the deadline the scope falls back
   * to the primary for the rest of the request. True when the replica serves it.
   */
  async waitForCheckpoint(name: string, schema: string, checkpoint: Checkpoint, deadline: number): Promise<boolean> {
    const replica = this.chosen();
    if (!replica) return false;
    for (;;) {
      const rows = await query<{ schema_name: string; transaction_id: bigint; position: bigint }>(
        replica.database.db,
        'select schema_name, transaction_id, position from projection_checkpoints where name = $1',
        [name],
      ).catch(() => null);
      const row = rows?.[0];
      if (row && row.schema_name === schema && compareCheckpoints({ transactionId: row.transaction_id, position: row.position }, checkpoint) >= 0) return true;
      if (!rows || Date.now() >= deadline) {
        this.fallBack();
        return false;
      }
      await new Promise((r) => setTimeout(r, Math.min(10, Math.max(1, deadline - Date.now()))));
    }
  }

  /** The rest of this scope reads the primary. */
  fallBack(): void {
    const scope = this.scopes.getStore();
    if (scope) scope.replica = null;
  }

  /** Whether this scope reads a replica (for tests and the response header). */
  current(): string | null {
    return this.scopes.getStore()?.replica?.name ?? null;
  }

  private chosen(): Replica | null {
    const scope = this.scopes.getStore();
    if (!scope) return null;
    if (scope.replica === undefined) {
      const healthy = this.replicas.filter((r) => r.state === 'up');
      scope.replica = healthy.length === 0 ? null : healthy[this.next++ % healthy.length]!;
    }
    return scope.replica;
  }

  private async check(): Promise<void> {
    const now = Date.now();
    const primary = await query<{ lsn: string }>(this.primary.db, 'select pg_current_wal_lsn()::text as lsn').catch(() => null);
    if (primary) {
      this.samples.push({ at: now, lsn: lsnValue(primary[0]!.lsn) });
      const keep = now - this.maxLagMs * 4;
      while (this.samples.length > 2 && this.samples[0]!.at < keep) this.samples.shift();
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const [wal] = await query<{ lsn: string | null; standby: boolean }>(replica.database.db, 'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby');
          const rows = await query<{ name: string; schema_name: string }>(replica.database.db, 'select name, schema_name from projection_checkpoints').catch(() => []);
          replica.schemas = new Map(rows.map((r) => [r.name, r.schema_name]));
          const lagMs = wal!.standby && wal!.lsn ? this.lagOf(lsnValue(wal!.lsn), now) : 0;
          this.setState(replica, lagMs > this.maxLagMs ? 'lagging' : 'up', lagMs, lagMs > this.maxLagMs ? `${lagMs} ms behind the primary (limit ${this.maxLagMs} ms)` : null);
        } catch (error) {
          this.setState(replica, 'down', null, connectionErrorFields(error).error as string);
        }
      }),
    );
  }

  /** The age of the oldest primary position this replica has not replayed (0: it has them all). */
  private lagOf(replayed: bigint, now: number): number {
    const missing = this.samples.find((s) => s.lsn > replayed);
    return missing ? now - missing.at : 0;
  }

  private setState(replica: Replica, state: ReplicaState, lagMs: number | null, error: string | null): void {
    replica.lagMs = lagMs;
    replica.error = error;
    if (replica.state === state) return;
    const log = this.options.logger;
    if (state === 'up') log?.info({ replica: replica.name }, `replica ${replica.name}: back in the read pool`);
    else log?.warn({ replica: replica.name, state, error }, `replica ${replica.name}: ${state}, out of the read pool`);
    replica.state = state;
    replica.since = Date.now();
  }
}
