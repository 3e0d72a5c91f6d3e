import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Issue 26 item 6: `node apps/api/dist/main.js` under Node 20 (Debian's and Ubuntu's) died with
// "Segmentation fault", exit 139 and no output: argon2's prebuild crashes as Node 20 loads it.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SYSTEM_NODE = '/usr/bin/node';
/** package.json "engines.node": ">=22" */
const required = Number(/\d+/.exec(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node)![0]);

describe('the built entry under an unsupported Node', () => {
  it('exits 1 with one line naming the required Node and npm start, before any native module loads', () => {
    const build = spawnSync(process.execPath, [join(root, 'tools/src/build.mjs'), '--only', 'api'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    // the case under test: this machine's system Node is older than package.json "engines"
    const version = spawnSync(SYSTEM_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(Number(version.slice(1).split('.')[0])).toBeLessThan(required);
    const run = spawnSync(SYSTEM_NODE, [join(root, 'apps/api/dist/main.js')], { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, DATA_DIR: join(root, '.data-entry-test') } });
    expect({ status: run.status, signal: run.signal, stdout: run.stdout }).toEqual({ status: 1, signal: null, stdout: '' });
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Node.js ${required} or newer is required`);
    expect(lines[0]).toContain(`${SYSTEM_NODE} is Node.js ${version}`);
    expect(lines[0]).toContain('npm start');
  }, 120_000);
});
