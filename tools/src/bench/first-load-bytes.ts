/**
 * The JS a cold first load fetches, without Lighthouse (seconds instead of minutes, and the counts
 * do not depend on the machine's load): the built portal, Chromium with an empty cache, each page
 * of the first-load bench; prints every script with its size on the wire (brotli, as Chromium
 * offers it to 127.0.0.1) and the sum per page.
 *
 *   node tools/src/build.mjs && npx tsx tools/src/bench/first-load-bytes.ts [--json]
 */
import { chromium, type Request } from 'playwright-core';
import { startPortal } from '../../e2e/harness.js';
import { findChromium } from '../chromium.mjs';

const LEARNER = { email: 'learner@demo.agro', password: 'Demo#2026' };
const PAGES = [
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
  jsBytes: number;
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

export async function measureFirstLoadBytes(): Promise<PageLoad[]> {
  const portal = await startPortal({ RATE_LIMIT_MAX: '100000' }, { fresh: true });
  const browser = await chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const loads: PageLoad[] = [];
    for (const page of PAGES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      if (page.signedIn) await context.addCookies(await sessionCookies(portal.url));
      const tab = await context.newPage();
      const requests: Request[] = [];
      tab.on('requestfinished', (r) => {
        if (r.resourceType() === 'script') requests.push(r);
      });
      await tab.goto(`${portal.url}${page.path}`, { waitUntil: 'networkidle' });
      // what comes after the first render (the header score, the messages modal...) counts too
      await tab.waitForTimeout(1500);
      await tab.waitForLoadState('networkidle');
      const landed = new URL(tab.url()).pathname;
      if (landed !== page.path) throw new Error(`${page.path} ended on ${landed}`);
      const scripts: ScriptLoad[] = [];
      for (const r of requests) {
        const sizes = await r.sizes();
        scripts.push({ file: new URL(r.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize });
      }
      scripts.sort((a, b) => b.bytes - a.bytes);
      loads.push({ path: page.path, scripts, jsBytes: scripts.reduce((s, x) => s + x.bytes, 0) });
      await context.close();
    }
    return loads;
  } finally {
    await browser.close();
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const loads = await measureFirstLoadBytes();
  if (process.argv.includes('--json')) console.log(JSON.stringify(loads, null, 2));
  else
    for (const load of loads) {
      console.log(`${load.path}: ${load.scripts.length} scripts, ${(load.jsBytes / 1024).toFixed(1)} KiB`);
      for (const s of load.scripts) console.log(`  ${(s.bytes / 1024).toFixed(1).padStart(7)} KiB  ${s.file}`);
    }
}
