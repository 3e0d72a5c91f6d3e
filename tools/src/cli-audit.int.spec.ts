import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createDatabase, createScratchDatabase, query, type Database } from '@portal/database';
import { createLogAudit, createPostgresEventStore, ed25519Signer, generateSigningKey, type AppendContext } from '@portal/eventstore';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, 'cli.ts');
// as `npm run portal` starts it (`node --import tsx` crashes on Node 20 with this CLI)
const tsx = join(here, '../../node_modules/.bin/tsx');
const context: AppendContext = { correlationId: '0190c3a0-0000-7000-8000-000000000001', actor: 'system', origin: 'system' };

/** `npm run portal -- <args>` as an operator runs it, with its exit code. */
const portal = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(tsx, [cli, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', EVENTSTORE_URL: '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const backends: Array<[string, (dataDir: string) => Promise<{ env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> }>]> = [
  ['PGlite', async (dataDir) => ({ env: {}, open: () => createDatabase({ dataDir: join(dataDir, 'pglite') }), drop: async () => undefined })],
];
const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  backends.push([
    'Postgres server',
    async () => {
      const scratch = await createScratchDatabase(databaseUrl, 'cli_audit');
      return { env: { DATABASE_URL: scratch.url }, open: () => createDatabase({ url: scratch.url }), drop: () => scratch.drop() };
    },
  ]);
}

describe.each(backends)('npm run portal -- audit verify: %s', (_name, backend) => {
  it('--all exits 0 on a sealed log and 1 naming the checkpoint and global position once a stream was deleted; the stream check names it too', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cli-audit-'));
    const target = await backend(dataDir);
    try {
      const key = generateSigningKey();
      const env = { DATA_DIR: dataDir, AUDIT_SIGNING_KEY: key, ...target.env };
      let database = await target.open();
      const store = createPostgresEventStore(database);
      await store.migrate();
      await store.append('ledger.kept', [{ type: 'Paid', data: { amount: 1 } }], { expectedRevision: 'no-stream', context });
      await store.append('ledger.gone', [{ type: 'Paid', data: { amount: 2 } }, { type: 'Paid', data: { amount: 3 } }], { expectedRevision: 'no-stream', context });
      // on a shared server another file's open transaction can keep the newest events from readers (and the seal) a moment
      const audit = createLogAudit(database);
      for (let sealed = 0; sealed < 3; ) sealed += (await audit.seal({ signer: ed25519Signer(key) })).reduce((sum, c) => sum + c.events, 0);
      const [gone] = await query<{ position: unknown }>(database.db, `select position from es_events where stream_id = 'ledger.gone' order by revision limit 1`);
      await store.close();
      await database.close();

      const intact = await portal(env, 'audit', 'verify', '--all');
      expect(intact.stdout).toMatch(/log intact/);
      expect(intact.code).toBe(0);

      database = await target.open();
      await query(database.db, `delete from es_events where stream_id = 'ledger.gone'`);
      await query(database.db, `delete from es_streams where stream_id = 'ledger.gone'`);
      await database.close();

      const broken = await portal(env, 'audit', 'verify', '--all');
      expect(broken.stdout).toMatch(new RegExp(`BROKEN: first at checkpoint \\d+, global position ${String(gone!.position)}\\n`));
      expect(broken.code).toBe(1);
      const stream = await portal(env, 'audit', 'verify', 'ledger.gone');
      expect(stream.stdout).toMatch(/^ledger\.gone: BROKEN at stream ledger\.gone, revision 1: sealed by checkpoint \d+, but it is missing/);
      expect(stream.code).toBe(1);
      expect((await portal(env, 'audit', 'verify', 'ledger.kept')).code).toBe(0);
      // both --all runs are recorded for the auditor's screens, by the OS user (ADR 0083)
      database = await target.open();
      const runs = await query<{ status: string; started_by: string; checked: string }>(database.db, `select status, started_by, checked::text from audit_verification_runs order by seq`);
      await database.close();
      expect(runs.map((r) => [r.status, r.checked])).toEqual([
        ['passed', '3'],
        ['failed', '1'],
      ]);
      for (const r of runs) expect(r.started_by).toMatch(/^cli(:.+)?$/);
    } finally {
      await target.drop();
    }
  }, 240_000);
});
