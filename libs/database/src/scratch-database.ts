import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A throw-away database next to the one in `baseUrl` (a random name with `prefix`, or `name`,
 * dropped first if it exists). Test files run in parallel and readAll sees the whole log, so each
 * file needs its own database, not just its own streams; a database (not a schema) also scopes
 * NOTIFY channels and pg_current_snapshot's view of running writers to the file. Benchmarks use
 * one too.
 */
export async function createScratchDatabase(baseUrl: string, prefix = 'es', name?: string): Promise<ScratchDatabase> {
  const dbName = name ?? `${prefix}_${randomBytes(6).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(dbName)) throw new TypeError(`invalid database name ${dbName}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    name: dbName,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${dbName} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
