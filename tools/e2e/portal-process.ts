import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built portal as a child process, without the test runner's API: the spec files use it
 * through harness.ts, the e2e project's global setup (seeded-template.ts) before any of them.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * Starts the built API (apps/api/dist) on PGlite with the demo content and waits until
 * /api/health answers (90 s). `env` sets at least DATA_DIR and PORT; its output goes to `onOutput`.
 */
export async function spawnPortal(url: string, env: Record<string, string>, onOutput: (chunk: string) => void): Promise<ChildProcess> {
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', DATABASE_URL: '', EVENTSTORE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const take = (d: Buffer) => {
    log += d;
    onOutput(String(d));
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${log}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return child;
    if (Date.now() > deadline) throw new Error(`portal did not start in time:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** SIGTERM (graceful: in-flight requests and open streams end), then waits for the exit. */
export async function stopPortal(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
}

/** Polls /api/health until every read model has applied every event (lag 0), within `timeoutMs`. */
export async function waitCaughtUp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let behind = 'no answer';
  for (;;) {
    const health = (await fetch(`${url}/api/health`).then((r) => r.json(), () => null)) as { projections: { name: string; lag: number }[] } | null;
    if (health) {
      behind = health.projections.filter((p) => p.lag !== 0).map((p) => `${p.name} (${p.lag})`).join(', ');
      if (!behind) return;
    }
    if (Date.now() > deadline) throw new Error(`read models still behind after ${timeoutMs} ms: ${behind}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
