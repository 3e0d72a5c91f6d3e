import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { explainFailures, freePort, launchBrowser, seededDataDir, spawnPortal, stopPortal } from './harness.js';

/**
 * The shell's browser tests run a portal they can restart with another APP_VERSION on the same
 * port and data (the session-expired rule of 000 §4.10 over the real realtime stream), and
 * serve their own copy of the built SPA, so a build started elsewhere while they run cannot
 * swap the hashed files under them. Otherwise the same start as harness.ts (a copy of the seeded
 * data directory).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RestartablePortal {
  url: string;
  output: () => string;
  /** stops the server (graceful: open streams end) and starts it again with extra environment */
  restart(env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

export async function startRestartablePortal(env: Record<string, string> = {}): Promise<RestartablePortal> {
  const port = await freePort();
  const dataDir = seededDataDir('portal-shell-e2e-');
  const webDist = mkdtempSync(join(tmpdir(), 'portal-shell-web-'));
  cpSync(join(root, 'apps/web/dist'), webDist, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess | null = null;

  const start = async (extra: Record<string, string>) => {
    child = await spawnPortal(
      url,
      {
        DATA_DIR: dataDir,
        PORT: String(port),
        WEB_DIST: webDist,
        // every browser of these tests shares one address: the per-address limit (1200 a minute,
        // static files included) is for the internet, not for a suite of page loads
        RATE_LIMIT_MAX: '100000',
        ...env,
        ...extra,
      },
      (d) => (log += d),
    );
  };
  const halt = () => stopPortal(child);

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

/** Opens a guarded page signed out: the sign-in screen keeps it as `next`, signs in and comes back to it. */
export async function signInAt(page: Page, path: string, email: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/auth\?next=/);
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** An access token for calls made by the test itself (another user's view of the server). */
export async function apiToken(url: string, email: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!answer.ok) throw new Error(`sign-in of ${email} answered ${answer.status}`);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** "/" opens the search dialog; typing starts once the dialog has moved the focus into its input. */
export async function openSearchWithSlash(page: Page): Promise<void> {
  await page.keyboard.press('/');
  await page.getByTestId('search-input').waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-input');
}

/**
 * A restartable portal and a browser for one spec file, as harness.ts's usePortalAndBrowser: started
 * before its tests, stopped after them, a failed test explained. `set` hands them to the file's variables.
 */
export function useShellPortalAndBrowser(label: string, set: (portal: RestartablePortal, browser: Browser) => void, get: () => { portal?: RestartablePortal; browser?: Browser }): void {
  explainFailures(label, () => get().browser, () => get().portal?.output() ?? '');
  beforeAll(async () => set(await startRestartablePortal(), await launchBrowser()));
  afterAll(async () => {
    await get().browser?.close();
    await get().portal?.stop();
  });
}
