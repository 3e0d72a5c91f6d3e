// Builds the API bundle and the SPA when missing or older than their sources.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SKIP = new Set(['node_modules', 'dist', '.data', '.nx', 'test-results', 'e2e']);

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (statSync(dir).isFile()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!/\.(spec|test)\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sources = (dirs) => Math.max(...dirs.map((d) => newestMtime(join(root, d))));

/**
 * The API: `apps/api/dist/portal.js` (everything, from apps/api/src/main.ts) behind
 * `apps/api/dist/main.js` (apps/api/src/entry.ts: checks the Node version against package.json
 * "engines" before the portal, and with it argon2's native module, loads; ADR 0081).
 */
export async function buildApi({ force = false } = {}) {
  const out = join(root, 'apps/api/dist/main.js');
  const portal = join(root, 'apps/api/dist/portal.js');
  if (!force && Math.min(mtime(out), mtime(portal)) > sources(['apps/api/src', 'libs', 'contexts', 'projections', 'package.json'])) return false;
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  if (!/^>=\s*\d+$/.test(pkg.engines?.node ?? '')) throw new Error(`package.json engines.node must read ">=<major>" (the entry checks it), not ${JSON.stringify(pkg.engines?.node)}`);
  // npm packages stay external (resolved from node_modules at run time); workspace code is bundled
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
  const common = { bundle: true, platform: 'node', format: 'esm', target: 'node22', sourcemap: true, tsconfig: join(root, 'tsconfig.base.json'), logLevel: 'warning' };
  await build({ ...common, entryPoints: [join(root, 'apps/api/src/main.ts')], outfile: portal, external });
  await build({ ...common, entryPoints: [join(root, 'apps/api/src/entry.ts')], outfile: out, define: { __NODE_ENGINES__: JSON.stringify(pkg.engines.node) } });
  return true;
}

export function buildWeb({ force = false } = {}) {
  const out = join(root, 'apps/web/dist/index.html');
  if (!force && Math.min(mtime(out), mtime(join(root, 'apps/web/dist-server/entry-server.js'))) > sources(['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'libs/kernel', 'contexts'])) return false;
  const res = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('web build failed');
  // the server renderer of the first document (ADR 0090), from the same sources
  const ssr = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (ssr.status !== 0) throw new Error('web server-renderer build failed');
  return true;
}

export async function buildAll({ force = false } = {}) {
  const t0 = Date.now();
  const api = await buildApi({ force });
  const web = buildWeb({ force });
  if (api || web) console.log(`built ${[api && 'api', web && 'web'].filter(Boolean).join(' and ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
