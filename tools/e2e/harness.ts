import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_MISSING, findChromium } from '../src/chromium.mjs';
import { freePort, spawnPortal, stopPortal, waitCaughtUp } from './portal-process.js';

export { freePort, spawnPortal, stopPortal } from './portal-process.js';

/**
 * A fresh data directory for one portal: a copy of the one the e2e project's global setup seeded
 * (seeded-template.ts), so the portal starts with the demo content without seeding it again.
 */
export function seededDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(inject('portalTemplate'), dataDir, { recursive: true });
  return dataDir;
}

export interface Portal {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the built portal (apps/api/dist + apps/web/dist) on PGlite in a fresh copy of the seeded
 * data directory. `fresh`: on an empty data directory instead, seeding the demo content itself and
 * answering once every read model has caught up; for callers outside the e2e project, which has no
 * seeded template to copy (the first-load benchmarks).
 */
export async function startPortal(env: Record<string, string> = {}, options: { fresh?: boolean } = {}): Promise<Portal> {
  const port = await freePort();
  const dataDir = options.fresh ? mkdtempSync(join(tmpdir(), 'portal-fresh-')) : seededDataDir('portal-e2e-');
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // the sandboxed SCORM content origin (ADR 0084) on its own free port, not PORT+1 (another portal's)
  const contentPort = await freePort();
  const child = await spawnPortal(url, { DATA_DIR: dataDir, PORT: String(port), CONTENT_PORT: String(contentPort), ...env }, (d) => (log += d));
  if (options.fresh) {
    try {
      await waitCaughtUp(url);
    } catch (error) {
      await stopPortal(child);
      throw new Error(`${(error as Error).message}\n${log}`);
    }
  }
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
