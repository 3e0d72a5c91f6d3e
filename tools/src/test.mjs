// npm test: lint (dependency rules + types), unit and integration tests, build, browser end-to-end.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildAll, root } from './build-lib.mjs';
import { CHROMIUM_MISSING, findChromium } from './chromium.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
const started = Date.now();
function step(title, cmd, args) {
  const t0 = Date.now();
  console.log(`\n== ${title}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  if (res.status !== 0) {
    console.error(`\n== ${title}: FAILED (exit ${res.status})`);
    process.exit(res.status ?? 1);
  }
  console.log(`== ${title}: ok in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

console.log(
  process.env.TEST_DATABASE_URL
    ? `integration tests on the Postgres server ${new URL(process.env.TEST_DATABASE_URL).host} (TEST_DATABASE_URL)`
    : 'integration tests on embedded PGlite (TEST_DATABASE_URL not set: Postgres-server-only tests say they did not run)',
);
console.log(process.env.EVENTSTORE_URL ? `EventStoreDB contract tests on ${process.env.EVENTSTORE_URL}` : 'EventStoreDB contract tests not run: EVENTSTORE_URL not set');

// the e2e step needs a browser: say so in one line now, not after the unit tests
const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error(CHROMIUM_MISSING);
  process.exit(1);
}
process.env.CHROMIUM_PATH = chromiumPath;
console.log(`end-to-end tests in ${chromiumPath}`);

step('lint: dependency rules', 'npm', ['run', '--silent', 'lint:deps']);
step('lint: types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
step('unit and integration tests', bin('vitest'), ['run', '--project', 'unit', '--project', 'integration']);
console.log('\n== build');
await buildAll();
step('end-to-end tests (Chromium)', bin('vitest'), ['run', '--project', 'e2e']);
console.log(`\nall tests passed in ${((Date.now() - started) / 60000).toFixed(1)} min`);
