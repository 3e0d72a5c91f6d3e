/**
 * What bounds the first load (issue 13): the evidence for the decision its last two targets
 * (`/home` JS at most 150 KiB compressed, Slow 4G LCP at most 2.5 s) wait on (ADR 0013, update 4).
 *
 * 1. **Bytes the libraries set.** A small app (one screen: a translated heading over a parsed
 *    answer, a lazy child route) on the packages the product fixes (react and react-dom,
 *    react-router, @tanstack/react-query, i18next with react-i18next, zod), built by Vite as
 *    apps/web is, then the same with zod/mini, then with Mantine's provider and the few
 *    components every first screen draws. Its JS in brotli (quality 11, as the build's copies):
 *    what any `/home` on those libraries fetches before a line of the portal's own code.
 * 2. **Time client rendering sets.** Each first page's DOM, rendered in Chromium by the SPA (the
 *    demo learner signed in for `/home` and `/training`), served as the document without its
 *    scripts from a proxy on the portal's origin (styles, pictures and fonts still the portal's):
 *    the page a server that rendered the first screen would send. Lighthouse's mobile Slow 4G on
 *    it and, in the same run, on the real page: how much of the LCP is waiting for the scripts.
 *
 *   npm run bench -- first-load-bounds     both parts, 3 Lighthouse runs per page and kind
 *   npm run bench -- --smoke first-load-bounds     the bytes part and one page once, nothing written
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { startPortal, type Portal } from '../../e2e/harness.js';
import { CHROME_FLAGS, PAGES, PROFILES, TARGETS, buildPortal, figuresOf, kib, lighthouseRun, medianFigures, seconds, signInBrowser, signOutBrowser, type FirstLoadFigures } from './first-load.js';
import { mark, reportFileOf } from './harness.js';
import { writeSection } from './report.js';

const root = join(import.meta.dirname, '..', '..', '..');

// ---- 1. bytes -------------------------------------------------------------------------------

interface Variant {
  name: string;
  zod: 'classic' | 'mini';
  mantine: boolean;
}
const VARIANTS: Variant[] = [
  { name: 'the fixed packages (react, react-dom, react-router, react-query, i18next + react-i18next, zod)', zod: 'classic', mantine: false },
  { name: 'the same with zod/mini', zod: 'mini', mantine: false },
  { name: "the fixed packages and Mantine's provider, AppShell, Button, Text, Modal and Menu", zod: 'classic', mantine: true },
];

/** The app's one source file for a variant. */
const appSource = (v: Variant): string => {
  const schema =
    v.zod === 'classic'
      ? "import { z } from 'zod';\nconst Profile = z.object({ id: z.string(), name: z.string().min(1), points: z.number().int().optional() });"
      : "import * as z from 'zod/mini';\nconst Profile = z.object({ id: z.string(), name: z.string().check(z.minLength(1)), points: z.optional(z.int()) });";
  const ui = v.mantine
    ? {
        imports: "import '@mantine/core/styles.css';\nimport { AppShell, Button, MantineProvider, Menu, Modal, Text } from '@mantine/core';",
        body: `<AppShell header={{ height: 56 }}><AppShell.Header><Menu><Menu.Target><Button>{t('menu')}</Button></Menu.Target><Menu.Dropdown><Menu.Item>x</Menu.Item></Menu.Dropdown></Menu></AppShell.Header>
  <AppShell.Main><Text component="h1">{t('hi', { name: q.data?.name ?? '' })}</Text><Modal opened={!q.data} onClose={() => undefined}>{t('menu')}</Modal><Link to="/x">x</Link><Outlet /></AppShell.Main></AppShell>`,
        wrap: (tree: string) => `<MantineProvider>${tree}</MantineProvider>`,
      }
    : { imports: '', body: "<main><h1>{t('hi', { name: q.data?.name ?? '' })}</h1><Link to=\"/x\">x</Link><Outlet /></main>", wrap: (tree: string) => tree };
  return `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
${ui.imports}
${schema}
void i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { hi: 'Hello {{name}}', menu: 'Menu' } } } });
const client = new QueryClient();
function Home() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['profile'], queryFn: async () => Profile.parse(await (await fetch('/api/userData')).json()) });
  return (${ui.body});
}
const router = createBrowserRouter([{ path: '/', Component: Home, children: [{ path: 'x', lazy: async () => ({ Component: () => <p>x</p> }) }] }]);
createRoot(document.getElementById('root')!).render(${ui.wrap('<StrictMode><QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider></StrictMode>')});
`;
};

const brotliSize = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length;

export interface FloorRow {
  name: string;
  jsBytes: number;
}

/** Builds each variant under node_modules/.cache (so the repo's packages resolve) and sums its JS in brotli. */
export async function measureFloor(): Promise<FloorRow[]> {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const rows: FloorRow[] = [];
  // Vite's build sets NODE_ENV=production in this process, which the portal started after would inherit
  const nodeEnv = process.env.NODE_ENV;
  for (const variant of VARIANTS) {
    const dir = mkdtempSync(join(cache, 'first-load-floor-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>');
      writeFileSync(join(dir, 'main.tsx'), appSource(variant));
      await build({ root: dir, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir: join(dir, 'dist'), emptyOutDir: true } });
      const assets = join(dir, 'dist', 'assets');
      const jsBytes = readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .reduce((sum, f) => sum + brotliSize(readFileSync(join(assets, f))), 0);
      rows.push({ name: variant.name, jsBytes });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  }
  return rows;
}

// ---- 2. client rendering --------------------------------------------------------------------

const SLOW_4G = PROFILES.slow4g.config;
/** Lighthouse's mobile screen (moto g power). */
const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true };

/** The page's DOM once the SPA has drawn it and its requests are done, its scripts taken out. */
async function renderedDocument(chromePort: number, url: string): Promise<string> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const tab = await browser.newPage();
    await tab.setViewport(MOBILE);
    // at most two connections open: a signed-in page keeps its event stream (SSE) open
    await tab.goto(url, { waitUntil: 'networkidle2' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const html = await tab.content();
    await tab.close();
    return html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '')
      .replace(/<link\b[^>]*rel="manifest"[^>]*>/g, '');
  } finally {
    await browser.disconnect();
  }
}

/** Serves `documents` (path -> HTML) and passes every other request on to the portal. */
async function documentProxy(portalUrl: string, documents: Map<string, string>): Promise<{ url: string; server: Server }> {
  const target = new URL(portalUrl);
  const server = createServer((req, res) => {
    const html = documents.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (html !== undefined && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
      return;
    }
    const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export interface RenderRow {
  page: string;
  client: FirstLoadFigures;
  rendered: FirstLoadFigures;
  runs: number;
}

export interface BoundsResult {
  floor: FloorRow[];
  render: RenderRow[];
  loadBefore: number;
  loadAfter: number;
}

/** Slow 4G figures of one load of `url`; `beforeRetry` restores the session a lost run used up. */
const slow4gFigures = async (chromePort: number, url: string, beforeRetry?: () => Promise<void>): Promise<FirstLoadFigures> =>
  figuresOf(await lighthouseRun(url, { port: chromePort, output: 'json', logLevel: 'error' }, SLOW_4G, beforeRetry));

function section(result: BoundsResult, runs: number): string {
  const fixed = result.floor.find((r) => r.name === VARIANTS[0]!.name);
  return [
    '## First load: what bounds it',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- first-load-bounds\` (\`tools/src/bench/first-load-bounds.ts\`; ADR 0013, update 4). 1-minute load average ${result.loadBefore.toFixed(1)} before and ${result.loadAfter.toFixed(1)} after.`,
    '',
    "### The libraries' bytes",
    '',
    "A one-screen app (a translated heading over a parsed answer, a lazy child route) built by Vite as apps/web is; its JS in brotli, quality 11. Any `/home` on these libraries fetches at least this before the portal's own code:",
    '',
    '| app on | JS, brotli |',
    '|---|---:|',
    ...result.floor.map((r) => `| ${r.name} | ${kib(r.jsBytes)} |`),
    '',
    fixed
      ? `The target for \`/home\` is ${kib(TARGETS.homeJsBytes)}: the fixed packages alone leave ${kib(TARGETS.homeJsBytes - fixed.jsBytes)} for the UI library and every line of the portal's shell, strings and screen.`
      : '',
    '',
    '### Client rendering under Slow 4G',
    '',
    `Lighthouse's mobile profile, simulated Slow 4G, median of ${runs} run(s): each page as the portal serves it (the SPA renders it), and its DOM as the SPA drew it served as the document without scripts (what a server that rendered the first screen would send; styles, pictures and fonts the portal's).`,
    '',
    '| page | SPA: LCP | SPA: FCP | rendered document: LCP | rendered document: FCP |',
    '|---|---:|---:|---:|---:|',
    ...result.render.map((r) => `| ${r.page} | ${seconds(r.client.lcpMs)} | ${seconds(r.client.fcpMs)} | ${seconds(r.rendered.lcpMs)} | ${seconds(r.rendered.fcpMs)} |`),
    '',
    ...result.render.map((r) => `- ${r.page}: Slow 4G LCP at most ${seconds(TARGETS.slow4gLcpMs)}: SPA ${seconds(r.client.lcpMs)} ${mark(r.client.lcpMs <= TARGETS.slow4gLcpMs)}; rendered document ${seconds(r.rendered.lcpMs)} ${mark(r.rendered.lcpMs <= TARGETS.slow4gLcpMs)}.`),
    '',
  ].join('\n');
}

export async function benchFirstLoadBounds(opts: { smoke?: boolean; runs?: number; out?: (line: string) => void; reportFile?: string | null } = {}): Promise<BoundsResult> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const reportFile = reportFileOf(opts.reportFile);
  const runs = opts.smoke ? 1 : (opts.runs ?? Number(process.env.FIRST_LOAD_RUNS ?? 3));
  const loadBefore = loadavg()[0]!;

  const floor = await measureFloor();
  for (const row of floor) out(`floor: ${row.name}: ${kib(row.jsBytes)}`);

  buildPortal();

  const pages = opts.smoke ? PAGES.filter((p) => p.path === '/public/booking') : PAGES;
  const render: RenderRow[] = [];
  let portal: Portal | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let proxy: { url: string; server: Server } | undefined;
  try {
    portal = await startPortal({ RATE_LIMIT_MAX: '100000' }, { fresh: true });
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    const documents = new Map<string, string>();
    for (const page of pages) {
      if (page.signedIn) await signInBrowser(portal.url, chrome.port);
      else await signOutBrowser(chrome.port);
      documents.set(page.path, await renderedDocument(chrome.port, `${portal.url}${page.path}`));
    }
    proxy = await documentProxy(portal.url, documents);
    for (const page of pages) {
      const client: FirstLoadFigures[] = [];
      const rendered: FirstLoadFigures[] = [];
      for (let i = 0; i < runs; i++) {
        const session = async () => (page.signedIn ? signInBrowser(portal!.url, chrome!.port) : signOutBrowser(chrome!.port));
        await session();
        client.push(await slow4gFigures(chrome.port, `${portal.url}${page.path}`, session));
        await signOutBrowser(chrome.port);
        rendered.push(await slow4gFigures(chrome.port, `${proxy.url}${page.path}`));
        out(`${page.path} run ${i + 1}: SPA LCP ${seconds(client.at(-1)!.lcpMs)}, rendered document LCP ${seconds(rendered.at(-1)!.lcpMs)}`);
      }
      render.push({ page: page.path, client: medianFigures(client), rendered: medianFigures(rendered), runs });
    }
  } finally {
    proxy?.server.close();
    await chrome?.kill();
    await portal?.stop();
  }
  const result = { floor, render, loadBefore, loadAfter: loadavg()[0]! };
  if (reportFile && !opts.smoke) {
    writeSection(reportFile, 'First load: what bounds it', section(result, runs));
    out(`written to ${reportFile}`);
  }
  return result;
}
