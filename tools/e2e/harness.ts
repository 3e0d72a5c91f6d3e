import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_MISSING, findChromium } from '../src/chromium.mjs';

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

export interface Portal {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts the built portal (apps/api/dist + apps/web/dist) on PGlite in a fresh data directory. */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = await spawnPortal(url, { DATA_DIR: dataDir, PORT: String(port), ...env }, (d) => (log += d));
  return {
    url,
    dataDir,
    output: () => log,
    async stop() {
      await stopPortal(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** System Chromium (CHROMIUM_PATH, else found on PATH, tools/src/chromium.mjs), headless, with this machine's closed-network flags. */
export function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/**
 * When a test of this file fails (a retry included): its error, every open page's address and
 * text, and the tail of the server's log, so a failure seen once in CI can be read afterwards.
 */
export function explainFailures(label: string, browser: () => Browser | undefined, serverOutput: () => string): void {
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      const pages = browser()?.contexts().flatMap((context) => context.pages()) ?? [];
      const seen = await Promise.all(
        pages.map(async (page) => `${page.url()}\n${(await page.locator('body').innerText({ timeout: 2000 }).catch(() => '(no body)')).slice(0, 400)}`),
      );
      const errors = (task.result?.errors ?? []).map((error) => error.message).join('\n');
      console.error(`[${label} e2e] failed "${task.name}": ${errors}\nopen pages:\n${seen.join('\n---\n')}\nserver log (tail):\n${serverOutput().slice(-3000)}`);
    });
  });
}

/**
 * Records what a user would see as noise in the browser's console while a page is used: console
 * errors (a failed resource load included), uncaught errors, answers of 400 and above, and
 * requests that failed for another reason than the page leaving them (net::ERR_ABORTED on
 * navigation is not a fault). `settled()` waits until no API call is on its way for half a
 * second (the realtime stream, open for the page's life, aside), so late calls are counted.
 */
export function watchConsole(page: Page): { problems: string[]; settled(): Promise<void> } {
  const problems: string[] = [];
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const isCall = (url: string) => new URL(url).pathname.startsWith('/api/') && !url.includes('/api/realtime/stream');
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  page.on('request', (request) => {
    if (!isCall(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', (request) => {
    done(request);
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`failed ${request.method()} ${new URL(request.url()).pathname}: ${reason}`);
  });
  page.on('response', (response) => {
    // answered: a body nobody reads (a 401 the page only checks the status of) never "finishes"
    done(response.request());
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname} on ${page.url()}`);
  });
  return {
    problems,
    async settled() {
      const deadline = Date.now() + 15_000;
      while (inFlight.size > 0 || Date.now() - lastChange < 500) {
        if (Date.now() > deadline) throw new Error(`API calls still on their way: ${[...inFlight].map((r) => (r as { url(): string }).url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/**
 * The built portal and a browser for one spec file: started before its tests, stopped after
 * them, and a failed test explained (explainFailures). `set` hands them to the file's variables.
 */
export function usePortalAndBrowser(label: string, set: (portal: Portal, browser: Browser) => void, get: () => { portal?: Portal; browser?: Browser }): void {
  explainFailures(label, () => get().browser, () => get().portal?.output() ?? '');
  beforeAll(async () => set(await startPortal(), await launchBrowser()));
  afterAll(async () => {
    await get().browser?.close();
    await get().portal?.stop();
  });
}
