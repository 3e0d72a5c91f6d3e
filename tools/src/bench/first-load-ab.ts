/**
 * Two builds of the SPA side by side, to tell a change from the machine's load: one portal per
 * build (the same API, `WEB_DIST`), cold loads of one page in turn in Chromium (mobile screen, no
 * throttling unless CPU=<rate>), then the median LCP (PerformanceObserver), script and task time
 * and the JS on the wire of each (ADR 0013).
 *
 *   npx tsx tools/src/bench/first-load-ab.ts <dist A> <dist B>   (PAGE=/home RUNS=6 CPU= NET= SCREEN=)
 *
 * NET=slow4g throttles the network in the browser as Lighthouse's "devtools" Slow 4G does (562.5 ms
 * of latency, 1.47 Mbit/s down, 675 kbit/s up): observed, not simulated; with CPU=4 the closest the
 * machine gets to a phone in the field.
 *
 * SCREEN=desktop loads with Lighthouse's desktop screen (1350 x 940) instead of a phone's.
 *
 * Build the other one with `npx vite build --outDir <dir>` in apps/web of a worktree at that commit.
 */
import { chromium } from 'playwright-core';
import { startPortal } from '../../e2e/harness.js';
import { findChromium } from '../chromium.mjs';

const LEARNER = { email: 'learner@demo.agro', password: 'Demo#2026' };
const [distA, distB] = process.argv.slice(2);
if (!distA || !distB) throw new Error('usage: first-load-ab.ts <dist A> <dist B>');
const builds = { A: distA, B: distB } as const;
const portals = { A: await startPortal({ RATE_LIMIT_MAX: '100000', WEB_DIST: builds.A }, { fresh: true }), B: await startPortal({ RATE_LIMIT_MAX: '100000', WEB_DIST: builds.B }, { fresh: true }) };
const browser = await chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = process.env.PAGE ?? '/home';
const results: Record<'A' | 'B', { lcp: number[]; script: number[]; task: number[]; js: number[] }> = { A: { lcp: [], script: [], task: [], js: [] }, B: { lcp: [], script: [], task: [], js: [] } };
try {
  for (let i = 0; i < Number(process.env.RUNS ?? 6); i++) {
    for (const name of (i % 2 ? ['B', 'A'] : ['A', 'B']) as ('A' | 'B')[]) {
      const url = portals[name].url;
      const context = await browser.newContext(process.env.SCREEN === 'desktop' ? { viewport: { width: 1350, height: 940 } } : { viewport: { width: 412, height: 823 }, isMobile: true });
      if (page !== '/public/booking') {
        const answer = await fetch(`${url}/api/auth/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(LEARNER) });
        await context.addCookies(answer.headers.getSetCookie().map((line) => {
          const [pair, ...attrs] = line.split(';').map((p) => p.trim());
          return { name: pair!.slice(0, pair!.indexOf('=')), value: pair!.slice(pair!.indexOf('=') + 1), domain: '127.0.0.1', path: attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/' };
        }));
      }
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Performance.enable');
      if (process.env.CPU) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU) });
      if (process.env.NET === 'slow4g') {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 });
      }
      let js = 0;
      tab.on('requestfinished', async (r) => { if (r.resourceType() === 'script') { const s = await r.sizes(); js += s.responseBodySize; } });
      await tab.addInitScript(() => {
        (window as any).__lcp = 0;
        new PerformanceObserver((list) => { for (const e of list.getEntries()) (window as any).__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await tab.goto(`${url}${page}`, { waitUntil: 'load' });
      // the LCP once it has stayed put for 2 s (under throttling the network can be idle long before the first paint)
      let lcp = 0;
      for (let stable = 0, waited = 0; stable < 2000 && waited < 60_000; waited += 250) {
        await tab.waitForTimeout(250);
        const now = await tab.evaluate(() => (window as any).__lcp as number);
        stable = now > 0 && now === lcp ? stable + 250 : 0;
        lcp = now;
      }
      const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m: any) => [m.name, m.value]));
      results[name].lcp.push(lcp);
      results[name].script.push(metrics.ScriptDuration * 1000);
      results[name].task.push(metrics.TaskDuration * 1000);
      results[name].js.push(js / 1024);
      await context.close();
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  for (const [name, r] of Object.entries(results)) console.log(`${page} ${name} (${builds[name as 'A' | 'B']}): LCP median ${med(r.lcp).toFixed(0)} ms [${r.lcp.map((x) => x.toFixed(0)).join(' ')}], script ${med(r.script).toFixed(0)} ms, tasks ${med(r.task).toFixed(0)} ms, JS ${med(r.js).toFixed(1)} KiB`);
} finally {
  await browser.close();
  await portals.A.stop();
  await portals.B.stop();
}
