import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, createScratchDatabase } from '@portal/database';
import { createPostgresEventStore } from '@portal/eventstore';
import { basicAuth } from '@portal/reporting/xapi-export';
import { startMinimalLrs } from '../../contexts/reporting/testing/minimal-lrs.js';
import { appendLog, xapiLog } from '../../contexts/reporting/testing/xapi-log.js';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, 'cli.ts');
const tsx = join(here, '../../node_modules/.bin/tsx');

/** `npm run portal -- <args>` as an operator runs it, with its exit code. */
const portal = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(tsx, [cli, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', EVENTSTORE_URL: '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)('npm run portal -- xapi export (Postgres server)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-xapi-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!, 'cli_xapi');
    const database = await createDatabase({ url: scratch.url });
    const store = createPostgresEventStore(database);
    await store.migrate();
    await appendLog(store, xapiLog());
    await store.close();
    await database.close();
    env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url, XAPI_BASE_IRI: 'https://portal.example.com/' };
  }, 60_000);
  afterAll(() => scratch.drop());

  it('--out writes the statements and says so; the second run writes none; --from-start writes them again', async () => {
    const out = join(dataDir, 'statements.ndjson');
    const first = await portal(env, 'xapi', 'export', '--out', out);
    expect(first.stderr).not.toMatch(/Error/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/8 statements written in 1 batches from 8 events \(1 skipped: guests\)/);
    const statements = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { actor: { account: { homePage: string } } });
    expect(statements).toHaveLength(8);
    expect(statements[0]!.actor.account.homePage).toBe('https://portal.example.com');

    const second = await portal(env, 'xapi', 'export', '--out', out);
    expect(second.stdout).toMatch(/^0 statements written in 0 batches from 0 events/m);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(8);

    const again = await portal(env, 'xapi', 'export', '--out', out, '--from-start', '--batch', '3');
    expect(again.stdout).toMatch(/8 statements written in 3 batches/);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(8);
  }, 120_000);

  it('--lrs sends to XAPI_LRS_ENDPOINT with the configured credentials; without one it says what to set', async () => {
    const lrs = await startMinimalLrs({ auth: basicAuth('portal', 'secret') });
    try {
      const sent = await portal({ ...env, XAPI_LRS_ENDPOINT: lrs.endpoint, XAPI_LRS_USERNAME: 'portal', XAPI_LRS_PASSWORD: 'secret' }, 'xapi', 'export', '--lrs');
      expect(sent.code).toBe(0);
      expect(sent.stdout).toMatch(/8 statements sent in 1 batches/);
      expect(lrs.statements.size).toBe(8);
    } finally {
      await lrs.close();
    }
    const unset = await portal(env, 'xapi', 'export', '--lrs');
    expect(unset.code).toBe(1);
    expect(unset.stderr).toMatch(/--lrs needs XAPI_LRS_ENDPOINT/);
  }, 120_000);
});
