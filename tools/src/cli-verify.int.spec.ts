import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@portal/database';
import { ed25519Signer, fileWitness } from '@portal/eventstore';
import { userStream } from '@portal/identity/contracts';
import { newId } from '@portal/kernel';
import { APP_CONFIG, type AppConfig } from '@portal/platform';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { tokenFor } from '@portal/testing/client';
import { registerUser, type TestUser } from '@portal/testing/identity';
import { cliStartedBy, verifyWholeLogCommand } from './cli-verify.js';

/**
 * Issue 26 item 8 (ADR 0083): `npm run portal -- audit verify --all` records its run in
 * audit_verification_runs like the auditor screen's, so a subject's "whole log last verified"
 * line reads a CLI run, passed or failed; while a run is running the CLI refuses with exit 3.
 * The CLI's own function runs against the API's database (a Postgres server with
 * TEST_DATABASE_URL).
 */
let t: TestApp;
let config: AppConfig;
let auditor: string;
let learner: TestUser;
const sql = (text: string, params: unknown[] = []) => query(t.infra.database.db, text, params);

/** `audit verify --all` as the CLI runs it: its exit code and what it printed. */
async function cliVerifyAll() {
  const lines: string[] = [];
  const code = await verifyWholeLogCommand(t.infra, config, { startedBy: cliStartedBy(), progressBar: false, out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return { code, output: lines.join('\n') };
}

/** The learner's history as the auditor's subject screen reads it: its "whole log last verified" line. */
async function lastVerified() {
  const res = await t.request('GET', `/api/audit/users/${learner.userId}/history`, { token: auditor });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lastWholeLog;
}

async function currentRun() {
  const res = await t.request('GET', '/api/audit/verifications/current', { token: auditor });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().run;
}

beforeAll(async () => {
  t = await startTestApp({ AUDIT_CHECKPOINT_SECONDS: '0' });
  config = t.app.get<AppConfig>(APP_CONFIG);
  learner = await registerUser(t, 'cli.verify@example.com');
  auditor = await tokenFor(t, 'auditor');
  await t.infra.projections.catchUp();
  // seal what is appended (on a shared server another file's open transaction may hold it back a moment)
  const deadline = Date.now() + 20_000;
  for (;;) {
    await t.infra.logAudit!.seal({ signer: ed25519Signer(config.audit.signingKey), witness: fileWitness(config.audit.witnessFile) });
    if ((await t.infra.logAudit!.unsealedEstimate()) === 0) break;
    if (Date.now() > deadline) throw new Error('appended events did not become visible to the sealer');
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('audit verify --all records its run for the auditor (issue 26 item 8)', () => {
  it("shows a passed CLI run on the subject's last-verified line, then a failed one once the log was tampered with", async () => {
    expect(await lastVerified()).toBeNull();

    const intact = await cliVerifyAll();
    expect(intact.output).toMatch(/log intact/);
    expect(intact.code).toBe(0);
    const passed = await lastVerified();
    expect(passed).toEqual({ status: 'passed', finishedAt: expect.any(String), events: expect.any(Number), firstBreak: null });
    expect(passed.events).toBeGreaterThan(0);
    expect(await currentRun()).toMatchObject({ status: 'passed', startedBy: cliStartedBy(), checked: passed.events, result: { breaks: [] } });
    expect(cliStartedBy()).toMatch(/^cli(:.+)?$/);

    // an edited recorded_at of a sealed event: only the checkpoints see it
    await sql(`update es_events set recorded_at = recorded_at - interval '2 days' where stream_id = $1 and revision = 0`, [userStream(learner.userId)]);
    const broken = await cliVerifyAll();
    expect(broken.output).toMatch(/BROKEN: first at checkpoint \d+/);
    expect(broken.code).toBe(1);
    expect(await lastVerified()).toEqual({ status: 'failed', finishedAt: expect.any(String), events: passed.events, firstBreak: expect.stringMatching(/^checkpoint \d+, global position \d+: /) });
    expect(await currentRun()).toMatchObject({ status: 'failed', startedBy: cliStartedBy() });
    const runs = await sql(`select status, started_by from audit_verification_runs order by seq`);
    expect(runs).toEqual([
      { status: 'passed', started_by: cliStartedBy() },
      { status: 'failed', started_by: cliStartedBy() },
    ]);
  });

  it('refuses with exit 3 while another run is running, and runs once that one is 30 s silent', async () => {
    const runId = newId();
    await sql(`insert into audit_verification_runs (id, status, started_by, started_at, heartbeat_at, checked, total) values ($1, 'running', 'screen-auditor', $2, $2, 10, 40)`, [runId, t.clock.now()]);
    const before = await lastVerified();

    const refused = await cliVerifyAll();
    expect(refused.code).toBe(3);
    expect(refused.output).toContain(`already running (run ${runId}, started by screen-auditor`);
    expect(await currentRun()).toMatchObject({ runId, status: 'running' });
    expect(await lastVerified()).toEqual(before);

    // the screen's process stopped: its heartbeat is now 31 s old
    t.clock.advance(31_000);
    const after = await cliVerifyAll();
    expect(after.code).toBe(1);
    expect((await sql(`select status from audit_verification_runs where id = $1`, [runId]))[0]).toEqual({ status: 'interrupted' });
    expect(await currentRun()).toMatchObject({ status: 'failed', startedBy: cliStartedBy() });
  });
});
