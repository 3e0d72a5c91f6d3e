import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * The shell's browser tests run a portal they can restart with another APP_VERSION on the same
 * port and data (the session-expired rule of 000 §4.10 over the real realtime stream), and
 * serve their own copy of the built SPA, so a build started elsewhere while they run cannot
 * swap the hashed files under them. Otherwise the same start as harness.ts.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export interface RestartablePortal {
  url: string;
  output: () => string;
  /** stops the server (graceful: open streams end) and starts it again with extra environment */
  restart(env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

export async function startRestartablePortal(env: Record<string, string> = {}): Promise<RestartablePortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-shell-e2e-'));
  const webDist = mkdtempSync(join(tmpdir(), 'portal-shell-web-'));
  cpSync(join(root, 'apps/web/dist'), webDist, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess | null = null;

  const start = async (extra: Record<string, string>) => {
    child = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        DATABASE_URL: '',
        EVENTSTORE_URL: '',
        WEB_DIST: webDist,
        // every browser of these tests shares one address: the per-address limit (1200 a minute,
        // static files included) is for the internet, not for a suite of page loads
        RATE_LIMIT_MAX: '100000',
        ...env,
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`portal exited early:\n${log}`);
      const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`portal did not start in time:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  const halt = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGTERM');
    await new Promise((r) => (running.exitCode !== null ? r(null) : running.once('exit', r)));
  };

  await start({});
  return {
    url,
    output: () => log,
    async restart(extra = {}) {
      await halt();
      await start(extra);
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

export const DEMO_PASSWORD = 'Demo#2026';

/** Signs in through the sign-in screen and lands on /home. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL('**/home');
}

/** An access token for calls made by the test itself (another user's view of the server). */
export async function apiToken(url: string, email: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!answer.ok) throw new Error(`sign-in of ${email} answered ${answer.status}`);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}
