// Proves the dependency rules still bite: the fixture tree's forbidden import must be reported.
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tree = join(root, 'tools/lint-fixtures/tree');
const res = spawnSync(process.execPath, [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'), 'contexts', '--config', join(root, '.dependency-cruiser.cjs'), '--ts-config', 'tsconfig.json'], {
  cwd: tree,
  encoding: 'utf8',
});
const output = `${res.stdout}${res.stderr}`;
if (res.status === 0 || !output.includes('domain-is-pure')) {
  console.error('lint fixture: the forbidden import in tools/lint-fixtures/tree was NOT reported; the dependency rules are broken.');
  console.error(output);
  process.exit(1);
}
console.log('lint fixture: forbidden import reported as expected (domain-is-pure).');
