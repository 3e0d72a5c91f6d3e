import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { PGliteDialect } from './pglite-dialect.js';

// bigint columns (int8) and xid8 come back as strings; numeric stays string
pg.types.setTypeParser(20, (v) => BigInt(v));

export type DatabaseKind = 'pg' | 'pglite';
export type Executor = Kysely<any> | Transaction<any>;

export interface DatabaseOptions {
  /** postgres://... for server mode; absent for embedded PGlite. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** pg pool size (server mode). */
  poolSize?: number;
  /** Postgres schema to put first on the search path (tests isolate by schema). */
  searchPath?: string;
}

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<any>;
  /** LISTEN on a server (dedicated connection); in-process emitter on PGlite. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY that works for both kinds (PGlite notifies in-process). */
  notify(executor: Executor, channel: string, payload?: string): Promise<void>;
  /** Runs fn holding one session-level connection (advisory locks). */
  withSession<T>(fn: (session: Kysely<any>) => Promise<T>): Promise<T>;
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

async function createPgDatabase(options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath},public` } : {}),
  });
  pool.on('error', () => {
    /* idle client errors are reported on next use */
  });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const listeners: pg.Client[] = [];
  return {
    kind: 'pg',
    db,
    async listen(channel, onNotify) {
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      client.on('error', () => undefined);
      client.on('notification', (msg) => {
        if (msg.channel === channel) onNotify(msg.payload ?? '');
      });
      await client.query(`listen "${channel.replace(/"/g, '')}"`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end().catch(() => undefined);
      };
    },
    async notify(executor, channel, payload = '') {
      await query(executor, 'select pg_notify($1, $2)', [channel, payload]);
    },
    withSession: (fn) => db.connection().execute((conn) => fn(conn)),
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => undefined)));
      await db.destroy();
    },
  };
}

async function createPgliteDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite(options.dataDir);
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
    async close() {
      emitter.removeAllListeners();
      await db.destroy();
      await pglite.close();
    },
  };
}
