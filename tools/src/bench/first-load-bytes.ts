/**
 * The JS a cold first load fetches, without Lighthouse (seconds instead of minutes, and the counts
 * do not depend on the machine's load): the built portal, Chromium with an empty cache, each page
 * of the first-load bench; prints every script with its size on the wire (brotli, as Chromium
 * offers it to 127.0.0.1) and the sum per page.
 *
 *   node tools/src/build.mjs && npx tsx tools/src/bench/first-load-bytes.ts [--json] [--write-budget]
 *
 * `--write-budget` writes apps/web/first-wave-budget.json, which first-wave-budget.e2e.spec.ts holds
 * every build to (+5 %): run it when a first screen is meant to grow, and say why in the commit.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Request } from 'playwright-core';
import { startPortal } from '../../e2e/harness.js';
import { findChromium } from '../chromium.mjs';

const LEARNER = { email: 'learner@demo.agro', password: 'Demo#2026' };
export const FIRST_SCREENS = [
  { path: '/home', signedIn: true, ready: 'text=/./' },
  { path: '/training', signedIn: true, ready: 'text=/./' },
  { path: '/public/booking', signedIn: false, ready: 'text=/./' },
];

export interface ScriptLoad {
  file: string;
  bytes: number;
}
export interface PageLoad {
  path: string;
  scripts: ScriptLoad[];
  /** every script of the cold load, the later waves included */
  jsBytes: number;
  /** the first wave: the scripts asked for before the page was hydrated and its first effects ran */
  firstWaveBytes: number;
}

async function sessionCookies(url: string) {
  const answer = await fetch(`${url}/api/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(LEARNER) });
  if (!answer.ok) throw new Error(`sign-in of ${LEARNER.email} answered ${answer.status}`);
  return answer.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const name = pair!.slice(0, pair!.indexOf('='));
    const value = pair!.slice(pair!.indexOf('=') + 1);
    const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    return { name, value, domain: new URL(url).hostname, path, httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly') };
  });
}

/** One cold load of `page` in a fresh context of `browser`: every script it fetched, with its size on the wire. */
export async function measurePageLoad(browser: Browser, url: string, page: (typeof FIRST_SCREENS)[number]): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    if (page.signedIn) await context.addCookies(await sessionCookies(url));
    // the moment the app marks the document, read in the page (the same clock as this process's):
    // what the test notices later (after the load event, on a busy machine) would let scripts the
    // page asks for after it (on idle) into the first wave
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset['app'] !== 'ready') return;
        (window as unknown as { __portalReadyAt?: number }).__portalReadyAt = Date.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app'] });
    });
    const tab = await context.newPage();
    const requests: Request[] = [];
    const askedAt = new Map<Request, number>();
    let ready = false;
    tab.on('request', (r) => {
      if (!ready && r.resourceType() === 'script') askedAt.set(r, Date.now());
    });
    tab.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') requests.push(r);
    });
    await tab.goto(`${url}${page.path}`, { waitUntil: 'load' });
    // hydrated (the app marks the document once its first effects ran); what comes right after the
    // first render (the header score, the messages modal...) counts too. Not `networkidle`: the
    // realtime stream of a signed-in page never lets the network idle.
    await tab.locator('html[data-app="ready"]').waitFor({ timeout: 30_000 });
    ready = true;
    const readyAt = (await tab.evaluate(() => (window as unknown as { __portalReadyAt?: number }).__portalReadyAt)) ?? Date.now();
    const firstWave = new Set([...askedAt].filter(([, at]) => at <= readyAt).map(([r]) => r));
    // then until no script has been asked for in 1.5 s (the later waves: lazy parts of the screen)
    let settledAt = Date.now();
    tab.on('request', (r) => {
      if (r.resourceType() === 'script') settledAt = Date.now();
    });
    while (Date.now() - settledAt < 1500) await tab.waitForTimeout(250);
    const landed = new URL(tab.url()).pathname;
    if (landed !== page.path) throw new Error(`${page.path} ended on ${landed}`);
    const scripts: (ScriptLoad & { firstWave: boolean })[] = [];
    for (const r of requests) {
      const sizes = await r.sizes();
      scripts.push({ file: new URL(r.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize, firstWave: firstWave.has(r) });
    }
    scripts.sort((a, b) => b.bytes - a.bytes);
    const sum = (list: ScriptLoad[]) => list.reduce((s, x) => s + x.bytes, 0);
    return { path: page.path, scripts, jsBytes: sum(scripts), firstWaveBytes: sum(scripts.filter((x) => x.firstWave)) };
  } finally {
    await context.close();
  }
}

export async function measureFirstLoadBytes(): Promise<PageLoad[]> {
  const portal = await startPortal({ RATE_LIMIT_MAX: '100000' }, { fresh: true });
  const browser = await chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const loads: PageLoad[] = [];
    for (const page of FIRST_SCREENS) loads.push(await measurePageLoad(browser, portal.url, page));
    return loads;
  } finally {
    await browser.close();
    await portal.stop();
  }
}

/** The committed budget (ADR 0090): each first screen's first-wave JS, bytes on the wire; `npm test` fails past +5 %. */
export const BUDGET_FILE = fileURLToPath(new URL('../../../apps/web/first-wave-budget.json', import.meta.url));
export const BUDGET_TOLERANCE = 0.05;

if (import.meta.url === `file://${process.argv[1]}`) {
  const loads = await measureFirstLoadBytes();
  if (process.argv.includes('--write-budget')) {
    writeFileSync(BUDGET_FILE, `${JSON.stringify(Object.fromEntries(loads.map((l) => [l.path, l.firstWaveBytes])), null, 2)}\n`);
    console.log(`wrote ${BUDGET_FILE}`);
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(loads, null, 2));
  else
    for (const load of loads) {
      console.log(`${load.path}: ${load.scripts.length} scripts, ${(load.jsBytes / 1024).toFixed(1)} KiB; first wave ${(load.firstWaveBytes / 1024).toFixed(1)} KiB`);
      for (const s of load.scripts) console.log(`  ${(s.bytes / 1024).toFixed(1).padStart(7)} KiB  ${s.file}`);
    }
}
