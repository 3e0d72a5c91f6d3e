import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely over one embedded PGlite instance. PGlite is a single session, so a connection is a
 * mutex: a transaction holds it from BEGIN to COMMIT and no other query can slip in between.
 */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

/** What a connection asks of its driver while it streams: to give the session back between pages, and to take it again. */
interface SessionLending {
  /** lets other queries in (the connection no longer holds the session) */
  lend(conn: DatabaseConnection): void;
  /** runs fn holding the session */
  holding<T>(fn: () => Promise<T>): Promise<T>;
  /** holds the session again for the connection (Kysely releases it when the stream ends) */
  reclaim(conn: DatabaseConnection): Promise<void>;
}

let cursors = 0;

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pg: PGlite,
    private readonly driver: SessionLending,
  ) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[]);
    return {
      rows: res.rows,
      ...(res.affectedRows !== undefined ? { numAffectedRows: BigInt(res.affectedRows) } : {}),
    };
  }

  /**
   * A query's rows `chunkSize` at a time from a cursor (report exports, ADR 0070), as pg-cursor
   * does on a server. PGlite answers a query whole, so the rows go into a cursor declared `WITH
   * HOLD`: Postgres runs the query once and keeps its result (spilling to the data directory's
   * temporary files past `work_mem`), and each FETCH brings one page into JavaScript. Outside a
   * transaction the session is lent out between pages, so other requests run while the reader of
   * the stream takes its time; the cursor is a snapshot, so every row comes once, in the query's
   * order, whatever is written meanwhile. Inside a transaction the session is the transaction's
   * anyway: a plain cursor, closed before it ends.
   */
  async *streamQuery<R>(compiled: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    if (!/^\s*(select|with|values|table)\b/i.test(compiled.sql)) {
      // a statement a cursor cannot hold (a write with returning): answered whole
      yield await this.executeQuery<R>(compiled);
      return;
    }
    const size = Math.max(1, Math.floor(chunkSize));
    const cursor = `kysely_stream_${(cursors += 1)}`;
    const inTransaction = this.pg.isInTransaction();
    await this.pg.query(`declare ${cursor} no scroll cursor ${inTransaction ? 'without' : 'with'} hold for ${compiled.sql}`, compiled.parameters as unknown[]);
    if (!inTransaction) this.driver.lend(this);
    const run = <T>(fn: () => Promise<T>) => (inTransaction ? fn() : this.driver.holding(fn));
    try {
      for (;;) {
        const { rows } = await run(() => this.pg.query<R>(`fetch forward ${size} from ${cursor}`));
        if (rows.length > 0) yield { rows };
        if (rows.length < size) return;
      }
    } finally {
      await run(() => this.pg.query(`close ${cursor}`)).catch(() => undefined);
      if (!inTransaction) await this.driver.reclaim(this);
    }
  }
}

class PGliteDriver implements Driver, SessionLending {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  constructor(private readonly pg: PGlite) {}
  async init(): Promise<void> {
    await this.pg.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.acquire();
    // one PGlite session: each connection is a turn at it, guarded by the mutex
    const conn = new PGliteConnection(this.pg, this);
    this.releases.set(conn, release);
    return conn;
  }
  lend(conn: DatabaseConnection): void {
    this.releases.get(conn)?.();
    this.releases.delete(conn);
  }
  async holding<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.mutex.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
  async reclaim(conn: DatabaseConnection): Promise<void> {
    this.releases.set(conn, await this.mutex.acquire());
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    this.releases.get(conn)?.();
    this.releases.delete(conn);
  }
  async destroy(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
