import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely';
import Cursor from 'pg-cursor';
import pg from 'pg';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { pino } from 'pino';
import { PGliteDialect } from './pglite-dialect.js';

// bigint columns (int8) and xid8 come back as strings; numeric stays string
pg.types.setTypeParser(20, (v) => BigInt(v));

export type DatabaseKind = 'pg' | 'pglite';
export type Executor = Kysely<any> | Transaction<any>;

/** What the database layer logs through: a pino logger, or anything with the same three methods. */
export interface DatabaseLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DatabaseOptions {
  /** postgres://... for server mode; absent for embedded PGlite. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** pg pool size (server mode). */
  poolSize?: number;
  /** Postgres schema to put first on the search path (tests isolate by schema). */
  searchPath?: string;
  /** Where lost and re-opened connections are reported (default: pino at LOG_LEVEL, else warn). */
  logger?: DatabaseLogger;
}

export interface ListenOptions {
  /**
   * Called after the LISTEN connection was lost and opened again: notifications sent in between
   * are gone, so the listener should look for itself (re-read what it follows).
   */
  onReconnect?: () => void;
}

/**
 * One connection of its own, for session-level state such as advisory locks. Postgres ends that
 * state with the connection, so the holder must watch `lost`: when it resolves, every lock taken
 * on the session is gone (another process may hold it already) and the session is unusable.
 */
export interface Session {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Resolves (never rejects) with the cause once the connection is gone, or with null after close(). */
  readonly lost: Promise<Error | null>;
  close(): Promise<void>;
}

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<any>;
  /**
   * LISTEN on a server (a dedicated connection, opened again with backoff if it is lost, see
   * ListenOptions.onReconnect); in-process emitter on PGlite.
   */
  listen(channel: string, onNotify: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /** NOTIFY that works for both kinds (PGlite notifies in-process). */
  notify(executor: Executor, channel: string, payload?: string): Promise<void>;
  /** Runs fn holding one pooled connection (a short-lived session: begin ... commit by hand). */
  withSession<T>(fn: (session: Kysely<any>) => Promise<T>): Promise<T>;
  /** A long-lived connection of its own whose loss is reported (see Session). */
  openSession(name: string): Promise<Session>;
  close(): Promise<void>;
}

/** Raw parameterised SQL through Kysely, so it joins the caller's transaction. */
export async function query<R = Record<string, unknown>>(executor: Executor, text: string, params: unknown[] = []): Promise<R[]> {
  const res = await executor.executeQuery<R>(CompiledQuery.raw(text, params));
  return res.rows;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? createPgDatabase(options) : createPgliteDatabase(options);
}

const defaultLogger = (): DatabaseLogger => pino({ name: 'database', level: process.env.LOG_LEVEL ?? 'warn' });

/** SQLSTATEs of a server that ended the session or will not take one now: 57P01 admin_shutdown (pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now. */
const CONNECTION_LOST_STATES = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a connection that was refused, reset or cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** node-postgres's own errors for a connection it lost or could not open (they carry no code). */
const PG_CONNECTION_MESSAGES = /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable)$/;

/**
 * Whether `error` (or an error it wraps as `cause`) says the database connection was lost or
 * could not be had: SQLSTATE 57P01-57P03 or class 08 (connection exception), a refused or reset
 * socket, node-postgres's "Connection terminated unexpectedly". Such a failure says nothing about
 * the request: the API answers 503 with Retry-After (ADR 0081); a write may or may not have
 * committed, and a retry of it is safe where the write is idempotent.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_LOST_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code)) return true;
    if (typeof e.message === 'string' && PG_CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The fields of a connection error worth a log line (a pg error carries the SQLSTATE, e.g. 57P01). */
export const connectionErrorFields = (error: unknown): Record<string, unknown> => {
  const e = error as { message?: string; code?: string; severity?: string } | null;
  return { code: e?.code, severity: e?.severity, error: e?.message ?? String(error) };
};

async function createPgDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.logger ?? defaultLogger();
  const connectionOptions = (name: string): pg.ClientConfig => ({
    connectionString: options.url,
    application_name: `portal:${name}`,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath},public` } : {}),
  });
  const pool = new pg.Pool({ ...connectionOptions('pool'), max: options.poolSize ?? 20 });
  // A pooled client whose connection dies emits 'error': on an idle client pg-pool removes it and
  // re-emits on the pool; on a checked-out client (a transaction between two queries, a query
  // running) nobody listens, and an unhandled 'error' event ends the process. The query running on
  // it fails; the client is not queryable any more, so the pool drops it when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn(connectionErrorFields(error), 'database: a pooled connection was lost; the pool opens another on demand'));
  });
  pool.on('error', () => {
    /* reported by the client's own listener above; pg-pool has already removed the client */
  });
  // pg-cursor lets `.stream()` read a query's rows in chunks (report exports, ADR 0070); PGlite's dialect fetches from a cursor of its own
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  const listeners = new Set<ReconnectingListener>();
  const sessions = new Set<Session>();
  return {
    kind: 'pg',
    db,
    async listen(channel, onNotify, listenOptions = {}) {
      const listener = new ReconnectingListener(() => new pg.Client(connectionOptions('listen')), channel, onNotify, listenOptions, logger);
      await listener.open();
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.close();
      };
    },
    async notify(executor, channel, payload = '') {
      await query(executor, 'select pg_notify($1, $2)', [channel, payload]);
    },
    withSession: (fn) => db.connection().execute((conn) => fn(conn)),
    async openSession(name) {
      const session = await openPgSession(new pg.Client(connectionOptions(name)), name, logger);
      sessions.add(session);
      void session.lost.then(() => sessions.delete(session));
      return session;
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.close()));
      await Promise.all([...sessions].map((s) => s.close()));
      await db.destroy();
    },
  };
}

async function openPgSession(client: pg.Client, name: string, logger: DatabaseLogger): Promise<Session> {
  let closing = false;
  let markLost!: (cause: Error | null) => void;
  const lost = new Promise<Error | null>((resolve) => (markLost = resolve));
  // a terminated backend sends its FATAL error (an 'error' event), then the socket ends
  client.on('error', (error) => {
    if (!closing) logger.warn({ session: name, ...connectionErrorFields(error) }, `database: session connection ${name} was lost; its session locks are released`);
    markLost(error);
  });
  client.on('end', () => markLost(closing ? null : new Error(`session connection ${name} ended`)));
  await client.connect();
  return {
    async query<R>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as R[];
    },
    lost,
    async close() {
      closing = true;
      await client.end().catch(() => undefined);
      markLost(null);
    },
  };
}

/**
 * LISTEN on a connection of its own that comes back: when the connection is lost (a restart, a
 * failover, pg_terminate_backend, an idle timeout) the loss is logged and the connection opened
 * again with backoff (0.1 s doubling to 5 s), then `onReconnect` tells the listener that it may
 * have missed notifications.
 */
class ReconnectingListener {
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private delayMs = 100;

  constructor(
    private readonly connect: () => pg.Client,
    private readonly channel: string,
    private readonly onNotify: (payload: string) => void,
    private readonly options: ListenOptions,
    private readonly logger: DatabaseLogger,
  ) {}

  /** Connects and listens; throws when the first attempt fails (the caller decides). */
  async open(): Promise<void> {
    const client = this.connect();
    let ready = false;
    let dropped = false;
    const drop = (error: unknown) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn({ channel: this.channel, ...connectionErrorFields(error) }, `database: LISTEN ${this.channel} connection was lost; reconnecting`);
      this.scheduleReconnect();
    };
    // attached before connecting: an 'error' event without a listener would end the process
    client.on('error', (error) => {
      if (ready) drop(error);
    });
    client.on('end', () => {
      if (ready) drop(new Error('connection ended'));
    });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.onNotify(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel.replace(/"/g, '')}"`);
    } catch (error) {
      dropped = true;
      client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    ready = true;
    this.client = client;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.open().then(
        () => {
          if (this.closed) return;
          this.delayMs = 100;
          this.logger.info({ channel: this.channel }, `database: LISTEN ${this.channel} reconnected`);
          this.options.onReconnect?.();
        },
        (error: unknown) => {
          this.logger.warn({ channel: this.channel, ...connectionErrorFields(error) }, `database: LISTEN ${this.channel} reconnect failed; retrying in ${this.delayMs} ms`);
          this.delayMs = Math.min(this.delayMs * 2, 5000);
          this.scheduleReconnect();
        },
      );
    }, this.delayMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

async function createPgliteDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the user directory's text search index (ADR 0052), as on a Postgres server
  const pglite = new PGlite({ dataDir: options.dataDir, extensions: { pg_trgm } });
  await pglite.waitReady;
  if (options.searchPath) {
    await pglite.exec(`create schema if not exists "${options.searchPath}"; set search_path to "${options.searchPath}", public`);
  }
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) });
  const emitter = new EventEmitter();
  emitter.setMaxListeners(1000);
  return {
    kind: 'pglite',
    db,
    async listen(channel, onNotify) {
      const handler = (payload: string) => onNotify(payload);
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async notify(executor, channel, payload = '') {
      // delivered after the surrounding transaction commits: PGlite runs one transaction at a time,
      // so the next tick after the caller's await chain is past COMMIT.
      void executor;
      setImmediate(() => emitter.emit(channel, payload));
    },
    withSession: (fn) => db.connection().execute((conn) => fn(conn)),
    async openSession() {
      // one embedded session shared by the process: nothing to lose, nothing another process holds
      let close!: (cause: null) => void;
      const lost = new Promise<Error | null>((resolve) => (close = resolve));
      return {
        query: <R>(text: string, params: unknown[] = []) => query<R>(db, text, params),
        lost,
        async close() {
          close(null);
        },
      };
    },
    async close() {
      emitter.removeAllListeners();
      await db.destroy();
      await pglite.close();
    },
  };
}
