import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '@portal/database';
import { DEMO_PASSWORD } from '@portal/identity/application';
import { startTestApp } from '@portal/testing/app';

/**
 * Faults driven the way an outside tester drives them (issue 11, defects 2 and 3): the API as its
 * own process on the Postgres server, the operator's CLI as another, connections ended with SQL.
 * Only with a Postgres server (TEST_DATABASE_URL): leases, LISTEN and several processes need one.
 */
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const base = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

interface Portal {
  url: string;
  child: ChildProcess;
  /** every line the process printed (pino JSON, or a crash's stack) */
  lines: string[];
  /** pino lines at error level or above */
  errors(): string[];
  alive(): boolean;
}

const running: ChildProcess[] = [];
let scratch: ScratchDatabase | null = null;
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  }
  await scratch?.drop();
  scratch = null;
});

function env(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    EVENTSTORE_URL: '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-fault-')),
    JWT_SECRET: 'fault-test-secret-fault-test-secret-0123456789',
    // the portal and the CLI share one master key, as one installation's processes do (ADR 0091)
    PRIVACY_MASTER_KEY: 'fault-test-privacy-master-key-0123456789',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    ...extra,
  };
}

async function startPortal(databaseUrl: string): Promise<Portal> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: env(databaseUrl, { PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'true', BOOKING_EXPIRY_SWEEP_SECONDS: '1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const portal: Portal = {
    url,
    child,
    lines,
    errors: () =>
      lines.filter((line) => {
        try {
          return (JSON.parse(line) as { level?: number }).level! >= 50;
        } catch {
          return false;
        }
      }),
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(250)) {
    if (!portal.alive()) throw new Error(`the API exited while starting:\n${lines.slice(-30).join('\n')}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return portal;
  }
  throw new Error(`the API did not answer /api/health:\n${lines.slice(-30).join('\n')}`);
}

/** `npm run portal -- <args>` against the same database; resolves with its exit code and output. */
function portalCli(databaseUrl: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/src/cli.ts', ...args], { cwd: root, env: env(databaseUrl), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((done) => child.on('exit', (code) => done({ code, output })));
}

async function signIn(url: string, email = 'learner@demo.agro'): Promise<string> {
  const res = await fetch(`${url}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A learner marks a notification row seen: one event for the engagement read model. */
const viewRow = (url: string, token: string, rowId: string) =>
  fetch(`${url}/api/notification-messages/set-viewed-row-ids`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rowIds: [rowId] }),
  });

interface HealthProjection {
  name: string;
  checkpoint: string;
  lag: number;
  leaseHeld: boolean;
}
async function health(url: string): Promise<{ status: number; projections: HealthProjection[] }> {
  const res = await fetch(`${url}/api/health`);
  return { status: res.status, projections: ((await res.json()) as { projections: HealthProjection[] }).projections };
}

/** Runs `fn` over and over until `stop` resolves; counts the answers that were not `ok`. */
async function repeatUntil(stop: Promise<unknown>, fn: () => Promise<Response>, ok: (r: Response) => boolean) {
  let done = false;
  void stop.finally(() => (done = true));
  const failures: string[] = [];
  let count = 0;
  while (!done) {
    const res = await fn().catch((error: Error) => ({ status: 0, text: async () => error.message }) as unknown as Response);
    count += 1;
    if (!ok(res)) failures.push(`${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  return { count, failures };
}

/** A backend-ending statement run by hand, as a tester (or a failover) would. */
async function terminate(databaseUrl: string, sql: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    return (await admin.query(sql)).rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('a rebuild inside the serving process', () => {
  it('leaves the schema it replaced readable for the reads that resolved it before the swap; later reads use the new one', async () => {
    const t = await startTestApp();
    try {
      const runtime = t.infra.projections;
      const before = runtime.schemaOf('certificates');
      const resolvedBefore = runtime.reader('certificates');
      const { schema } = await runtime.rebuild('certificates');
      expect(runtime.schemaOf('certificates')).toBe(schema);
      expect(schema).not.toBe(before);
      // a request that picked its reader just before the swap goes on reading the old version
      await expect(resolvedBefore.selectFrom('cert_stations').select('station_id').execute()).resolves.toEqual([]);
    } finally {
      await t.close();
    }
  });
});

if (base) {
  describe('outages an operator causes, against the running API process (Postgres server)', () => {
    it(
      'a projection rebuilt while the portal serves and takes writes: no read fails, certificates are issued on demand and the expiry sweep runs',
      async () => {
        scratch = await createScratchDatabase(base, 'fault');
        const portal = await startPortal(scratch.url);
        const token = await signIn(portal.url);
        const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const staff = { authorization: `Bearer ${await signIn(portal.url, 'tc.admin@demo.agro')}` };
        const rebuilds = (async () => {
          // the load runs first for a moment; then both rebuilds, one after the other
          await sleep(500);
          const certificates = await portalCli(scratch!.url, ['projections', 'rebuild', 'certificates']);
          const bookings = await portalCli(scratch!.url, ['projections', 'rebuild', 'booking-bookings']);
          // reads after the swap, and past a sweep or two of the expiry process
          await sleep(2500);
          return [certificates, bookings];
        })();
        // writes of another read model (engagement) keep the runners busy: the old code followed a
        // swap only after a second without any
        let row = 0;
        const writes = repeatUntil(rebuilds, () => viewRow(portal.url, token, `load-${(row += 1)}`), (r) => r.status === 204);
        // the certificate screen reads the rebuilt read model and issues what is due on the way
        const reads = repeatUntil(rebuilds, () => fetch(`${portal.url}/api/user-certificates`, { headers: auth }), (r) => r.status === 200);
        const staffReads = repeatUntil(rebuilds, () => fetch(`${portal.url}/api/booking/staff/bookings`, { headers: staff }), (r) => r.status === 200);
        const [cli, w, r, s] = await Promise.all([rebuilds, writes, reads, staffReads]);
        for (const run of cli) expect(run.code, run.output).toBe(0);
        expect(r.count).toBeGreaterThan(10);
        expect(r.failures).toEqual([]);
        expect(s.failures).toEqual([]);
        expect(w.failures).toEqual([]);
        // certificate issuing and the booking expiry sweep log their failures at error level
        expect(portal.errors()).toEqual([]);
        expect(portal.alive()).toBe(true);
      },
      240_000,
    );

    it(
      'the lease and LISTEN connections, then every connection, ended by the server: the process lives, retakes its leases and projects new events',
      async () => {
        scratch = await createScratchDatabase(base, 'fault');
        const portal = await startPortal(scratch.url);
        const token = await signIn(portal.url);
        const all = async () => (await health(portal.url)).projections;
        const waitUntil = async (what: string, check: (p: HealthProjection[]) => boolean) => {
          let last: HealthProjection[] = [];
          for (const until = Date.now() + 20_000; Date.now() < until; await sleep(200)) {
            expect(portal.alive(), portal.lines.slice(-20).join('\n')).toBe(true);
            last = await all().catch(() => []);
            if (check(last)) return last;
          }
          throw new Error(`${what}: ${JSON.stringify(last)}`);
        };
        await waitUntil('every lease held at start', (p) => p.length > 0 && p.every((x) => x.leaseHeld));

        // what a restart, a failover or an idle timeout does to the lease holder (the command)
        expect(await terminate(scratch.url, `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`)).toBeGreaterThan(0);
        await sleep(500);
        expect(portal.alive(), portal.lines.slice(-20).join('\n')).toBe(true);
        await waitUntil('every lease taken again', (p) => p.every((x) => x.leaseHeld));

        // then the LISTEN connections and every idle pooled one: every backend of the database but ours
        const ended = await terminate(scratch.url, `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
        expect(ended).toBeGreaterThan(2);
        await sleep(500);
        expect(portal.alive(), portal.lines.slice(-20).join('\n')).toBe(true);
        const before = await waitUntil('every lease taken again after every connection ended', (p) => p.every((x) => x.leaseHeld));

        // new events are projected: a viewed row lands in the engagement read model, and nothing lags
        const engagement = before.find((p) => p.name === 'engagement')!;
        expect((await viewRow(portal.url, token, 'after-terminate')).status).toBe(204);
        await waitUntil('the new event projected', (p) => p.find((x) => x.name === 'engagement')!.checkpoint !== engagement.checkpoint && p.every((x) => x.lag === 0));
        // the losses were logged (pino), not thrown
        expect(portal.lines.some((l) => l.includes('lease connection was lost'))).toBe(true);
        expect(portal.lines.some((l) => l.includes('LISTEN') && l.includes('connection was lost'))).toBe(true);
        expect(portal.alive()).toBe(true);
      },
      240_000,
    );

    it(
      "every connection ended over and over for 5 s under a learner's writes: 503 with Retry-After, never 500, and each write retried with its Idempotency-Key lands once (issue 26 item 14)",
      async () => {
        scratch = await createScratchDatabase(base, 'fault');
        const portal = await startPortal(scratch.url);
        const token = await signIn(portal.url);
        const view = (key?: string) =>
          fetch(`${portal.url}/api/content/view/bv-video`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) } });
        const storm = (async () => {
          await sleep(300);
          let ended = 0;
          for (const until = Date.now() + 5_000; Date.now() < until; await sleep(20)) {
            ended += await terminate(scratch!.url, `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`).catch(() => 0);
          }
          return ended;
        })();
        const unavailable: string[] = [];
        const others: string[] = [];
        let landed = 0;
        /** One learner's views, one after another as a page sends them: each retried with its key after a 503 until it lands. */
        const writer = async () => {
          let stop = false;
          void storm.finally(() => (stop = true));
          while (!stop) {
            const key = randomUUID();
            for (let attempt = 0; ; attempt++) {
              const res = await view(key).catch(() => null);
              if (res?.status === 200) break;
              if (res?.status === 503) unavailable.push(`${(await res.json()).code} retry-after=${res.headers.get('retry-after')}`);
              else others.push(res ? `${res.status} ${(await res.text()).slice(0, 200)}` : 'no answer');
              expect(attempt, 'a write that never landed').toBeLessThan(200);
              await sleep(Number(res?.headers.get('retry-after') ?? 0) > 0 ? 50 : 20);
            }
            landed += 1;
          }
        };
        const [ended] = await Promise.all([storm, writer(), writer(), writer()]);
        expect(ended).toBeGreaterThan(10);
        expect(others).toEqual([]);
        // the storm reached the writes, and every such answer said to retry
        expect(unavailable.length).toBeGreaterThan(0);
        expect(new Set(unavailable)).toEqual(new Set(['503 retry-after=1']));
        // writes kept landing through the storm (how many depends on the machine: each write's rate-limit
        // count, key claim, append and kept answer are each a statement a terminated connection can cut)
        expect(landed).toBeGreaterThanOrEqual(5);
        // no write lost, none doubled: the next view is number landed + 1
        const after = await view();
        expect(after.status).toBe(200);
        expect(((await after.json()) as { viewsCount: number }).viewsCount).toBe(landed + 1);
        expect(portal.alive()).toBe(true);
      },
      240_000,
    );

    it(
      'projections rebuild refuses, with one clear message, a projection whose checkpoint is past the head of a log restored from an older backup (issue 26 item 18)',
      async () => {
        scratch = await createScratchDatabase(base, 'fault');
        // the first run creates the event store and the read models; a rebuild on a healthy log works
        const healthy = await portalCli(scratch.url, ['projections', 'rebuild', 'certificates']);
        expect(healthy.code, healthy.output).toBe(0);
        // a restore of the log alone: the read model's checkpoint is past every event it now has
        expect(await terminate(scratch.url, `update projection_checkpoints set transaction_id = transaction_id + 100000 where name = 'certificates'`)).toBe(1);
        const started = Date.now();
        const refused = await Promise.race([portalCli(scratch.url, ['projections', 'rebuild', 'certificates']), sleep(60_000).then(() => ({ code: null, output: 'still running after 60 s' }))]);
        expect(refused.code, refused.output).toBe(1);
        expect(refused.output).toMatch(/projection certificates: its checkpoint \d+\.\d+ is past the head of the log \(\d+\.\d+\).*Refusing to rebuild/);
        expect(Date.now() - started).toBeLessThan(60_000);
      },
      240_000,
    );
  });
} else {
  console.info('[tests] fault tests against the running API need a Postgres server (TEST_DATABASE_URL): not run on PGlite');
}
