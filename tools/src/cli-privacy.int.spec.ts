import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createDatabase, createScratchDatabase, query } from '@portal/database';
import { createLogAudit, createPersonalDataProtection, createPostgresEventStore, createSubjectKeyring, ed25519Signer, generateSigningKey, protectPersonalData, type AppendContext } from '@portal/eventstore';
import { PRIVACY_CLASSIFICATION } from '../../apps/api/src/infrastructure/privacy-classification.js';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, 'cli.ts');
const tsx = join(here, '../../node_modules/.bin/tsx');
const MASTER = 'cli-privacy-master-key-0123456789abcdef';

const run = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(tsx, [cli, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', EVENTSTORE_URL: '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * `npm run portal -- privacy encrypt-log` (ADR 0091) on a log written before crypto-shredding:
 * interrupted by kill -9 half-way, run again, and the log verifies before and after, with no
 * personal plaintext left in it. On a Postgres server: the test watches the run from outside.
 */
describe.runIf(databaseUrl)('npm run portal -- privacy encrypt-log', () => {
  it('encrypts the old log once, resumes after kill -9, and audit verify --all passes before and after', async () => {
    const scratch = await createScratchDatabase(databaseUrl!, 'cli_privacy');
    const dataDir = mkdtempSync(join(tmpdir(), 'cli-privacy-'));
    const key = generateSigningKey();
    const env = { DATA_DIR: dataDir, AUDIT_SIGNING_KEY: key, DATABASE_URL: scratch.url, PRIVACY_MASTER_KEY: MASTER };
    try {
      // the log as it was before: plaintext names, e-mails and addresses
      let database = await createDatabase({ url: scratch.url });
      const plain = createPostgresEventStore(database);
      await plain.migrate();
      const users = 300;
      for (let i = 0; i < users; i++) {
        const userId = `0190c3a0-0000-7000-8000-${String(i).padStart(12, '0')}`;
        const context: AppendContext = { correlationId: userId, actor: userId, origin: 'web', ip: `203.0.113.${i % 250}`, userAgent: `Agent/${i}` };
        await plain.append(
          `identity.user-${userId}`,
          [
            { type: 'UserRegistered', data: { userId, email: `old.user.${i}@example.com`, passwordHash: 'x', country: 'BR', ref: null, lang: 'pt-BR', consentAt: '2026-01-01T00:00:00Z', registeredAt: '2026-01-01T00:00:00Z' } },
            { type: 'ProfileUpdated', data: { userId, name: `Old Name ${i}`, phone: `+55119${String(i).padStart(8, '0')}`, updatedAt: '2026-01-02T00:00:00Z' } },
            { type: 'LocaleChanged', data: { userId, lang: 'es', changedAt: '2026-01-03T00:00:00Z' } },
          ],
          { expectedRevision: 'no-stream', context },
        );
      }
      const audit = createLogAudit(database);
      while ((await audit.seal({ signer: ed25519Signer(key), maxEvents: 200 })).length > 0);
      await plain.close();
      await database.close();
      const before = await run(env, 'audit', 'verify', '--all');
      expect(before.stdout).toMatch(/log intact/);
      expect(before.code).toBe(0);

      // killed half-way
      const child = spawn(tsx, [cli, 'privacy', 'encrypt-log', '--batch', '10'], { env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', EVENTSTORE_URL: '', ...env }, detached: true, stdio: 'ignore' });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      database = await createDatabase({ url: scratch.url });
      let position = 0n;
      for (let tries = 0; tries < 3000 && position === 0n; tries++) {
        await new Promise((r) => setTimeout(r, 10));
        const rows = await query<{ last_position: string }>(database.db, `select last_position::text from es_privacy_migration where id = 1`).catch(() => []);
        position = BigInt(rows[0]?.last_position ?? 0);
      }
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
      const [stopped] = await query<{ phase: string; last_position: string; max: string }>(database.db, `select phase, last_position::text, (select max(position)::text from es_events) as max from es_privacy_migration`);
      expect(stopped!.phase).toBe('rechain');
      expect(BigInt(stopped!.last_position)).toBeLessThan(BigInt(stopped!.max));
      await database.close();

      const resumed = await run(env, 'privacy', 'encrypt-log', '--batch', '500');
      expect(resumed.stderr).toBe('');
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toMatch(/sealed anew/);
      const after = await run(env, 'audit', 'verify', '--all');
      expect(after.stdout).toMatch(/log intact/);
      expect(after.code).toBe(0);
      expect((await run(env, 'privacy', 'encrypt-log')).stdout).toMatch(/already encrypted/);

      database = await createDatabase({ url: scratch.url });
      const stored = await query<{ text: string }>(database.db, `select data::text || metadata::text as text from es_events`);
      expect(stored.filter((r) => /old\.user\.|Old Name|203\.0\.113\.|Agent\/|\+55119/.test(r.text))).toEqual([]);
      // and the app reads every value back
      const store = protectPersonalData(createPostgresEventStore(database), createPersonalDataProtection(createSubjectKeyring(database, { masterKey: MASTER }), PRIVACY_CLASSIFICATION));
      const events = await store.readStream('identity.user-0190c3a0-0000-7000-8000-000000000007');
      expect(events.map((e) => e.data)).toMatchObject([{ email: 'old.user.7@example.com' }, { name: 'Old Name 7', phone: '+5511900000007' }, { lang: 'es' }]);
      expect(events[0]!.metadata).toMatchObject({ ip: '203.0.113.7', userAgent: 'Agent/7' });
      await store.close();
      await database.close();
    } finally {
      await scratch.drop();
    }
  }, 240_000);
});
