import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '@portal/database';

export interface TestDatabase {
  database: Database;
  /** 'postgres' (TEST_DATABASE_URL) or 'pglite' (embedded) */
  kind: 'postgres' | 'pglite';
  url: string | null;
  drop(): Promise<void>;
}

let announced = false;
const announce = (text: string) => {
  if (!announced) console.info(`[tests] integration database: ${text}`);
  announced = true;
};

/**
 * An isolated database per test file: a fresh database on TEST_DATABASE_URL when set,
 * else an in-memory PGlite. (Containers are used by the suite only where a runtime exists;
 * this machine's CI sets TEST_DATABASE_URL.)
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    announce('PGlite in memory (set TEST_DATABASE_URL to use a Postgres server)');
    const database = await createDatabase({});
    return { database, kind: 'pglite', url: null, drop: () => database.close() };
  }
  announce(`Postgres server ${new URL(base).host} (one database per test file)`);
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), poolSize: options.poolSize ?? 10 });
  return {
    database,
    kind: 'postgres',
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
