import { afterAll, beforeAll } from 'vitest';
import { fixedClock, type Clock } from '@portal/kernel';
import { createApp, createInfrastructure, parseConfig, type Infrastructure } from '@portal/api';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createDatabase } from '@portal/database';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface InjectResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** the body's bytes (binary answers: XLSX, PDF) */
  rawPayload: Buffer;
  json<T = any>(): T;
}

export interface TestApp {
  app: NestFastifyApplication;
  infra: Infrastructure;
  db: TestDatabase;
  clock: Clock & { set(iso: string): void; advance(ms: number): void };
  request(method: string, url: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<InjectResponse>;
  close(): Promise<void>;
}

/**
 * The whole API over an isolated database, driven through Fastify's inject (real HTTP stack).
 * `sameDatabaseAs`: a second API instance on another app's Postgres server database, with its own
 * pool, listeners, projection leases and memory, as another process would have (closing it leaves
 * the database to the first).
 */
export async function startTestApp(env: Record<string, string> = {}, options: { sameDatabaseAs?: TestApp } = {}): Promise<TestApp> {
  const db = options.sameDatabaseAs ? await attachTo(options.sameDatabaseAs.db) : await createTestDatabase();
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-test-')),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // one key for every instance of a test (sameDatabaseAs), as for every process of an installation (ADR 0091)
    PRIVACY_MASTER_KEY: 'test-privacy-master-key-0123456789abcdef',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // a loaded CI machine may take longer than production's bound to catch up
    READ_WAIT_MS: '15000',
    WEB_DIST: join(tmpdir(), 'no-spa-here'),
    ...env,
  });
  const clock = fixedClock('2026-11-21T12:00:00.000Z');
  const infra = await createInfrastructure(config, { database: db.database, clock });
  const app = await createApp(config, infra, { logs: false });
  const fastify = app.getHttpAdapter().getInstance();
  return {
    app,
    infra,
    db,
    clock,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const res = await fastify.inject({
        method: method as never,
        url,
        headers,
        ...(options.body !== undefined ? { payload: options.body as never } : {}),
      });
      return { statusCode: res.statusCode, headers: res.headers, body: res.body, rawPayload: res.rawPayload, json: () => res.json() };
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

async function attachTo(first: TestDatabase): Promise<TestDatabase> {
  if (!first.url) throw new Error('a second API instance needs a Postgres server database (TEST_DATABASE_URL); PGlite is one process');
  const database = await createDatabase({ url: first.url, poolSize: 10 });
  return { database, kind: first.kind, url: first.url, drop: () => database.close() };
}

/**
 * Two API instances on one Postgres server database for the tests of the enclosing describe
 * (started before them, closed after): `instances()` gives them, or null without
 * TEST_DATABASE_URL (PGlite is one process), when the test should say so and stop.
 */
export function useTwoInstances(): { instances(): [TestApp, TestApp] | null } {
  let pair: [TestApp, TestApp] | null = null;
  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    const a = await startTestApp();
    pair = [a, await startTestApp({}, { sameDatabaseAs: a })];
  });
  afterAll(async () => {
    await pair?.[1].close();
    await pair?.[0].close();
  });
  return { instances: () => pair };
}
