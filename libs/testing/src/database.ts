import { existsSync } from 'node:fs';
import { createDatabase, createScratchDatabase, type Database } from '@portal/database';

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

/** Where a container runtime answers, a Postgres started by testcontainers (one per test worker). */
let containerUrl: Promise<string | null> | null = null;
async function postgresFromContainer(): Promise<string | null> {
  const hasRuntime = !!process.env.DOCKER_HOST || existsSync('/var/run/docker.sock');
  if (!hasRuntime) return null;
  containerUrl ??= (async () => {
    try {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer('postgres:17')
        .withEnvironment({ POSTGRES_PASSWORD: 'test', POSTGRES_DB: 'test' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start();
      return `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/test`;
    } catch (error) {
      console.info(`[tests] no Postgres container (${(error as Error).message.split('\n')[0]}): using PGlite`);
      return null;
    }
  })();
  return containerUrl;
}

/**
 * An isolated database per test file: a fresh database on TEST_DATABASE_URL when set, else on a
 * Postgres container where a container runtime exists, else an in-memory PGlite.
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL ?? (await postgresFromContainer()) ?? undefined;
  if (!base) {
    announce('PGlite in memory (set TEST_DATABASE_URL to use a Postgres server)');
    const database = await createDatabase({});
    return { database, kind: 'pglite', url: null, drop: () => database.close() };
  }
  announce(`Postgres server ${new URL(base).host}${process.env.TEST_DATABASE_URL ? '' : ' (testcontainers)'} (one database per test file)`);
  const scratch = await createScratchDatabase(base, 't');
  const database = await createDatabase({ url: scratch.url, poolSize: options.poolSize ?? 10 });
  return {
    database,
    kind: 'postgres',
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}
