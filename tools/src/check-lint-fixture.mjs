// Proves the dependency rules still bite (ADR 0009). tools/lint-fixtures/tree breaks every rule of
// .dependency-cruiser.cjs and of tools/src/source-rules.mjs (ADR 0086) on purpose: a fixture file
// whose first line is `// Breaks <rule>: ...` must be reported under that rule, and every rule
// needs such a file. A rule that stops biting fails the build, named. A file whose first line is
// `// Allowed by <rule>: ...` must not be reported under that rule (a rule that bites the wrong
// layer fails too).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSources, SOURCE_RULES } from './source-rules.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tree = join(root, 'tools/lint-fixtures/tree');
const config = join(root, '.dependency-cruiser.cjs');

// the rules as the real tree gets them (the config reads projection owners from the working directory)
process.chdir(root);
const rules = [...new Set([...createRequire(import.meta.url)(config).forbidden.map((rule) => rule.name), ...SOURCE_RULES.map((rule) => rule.name)])];

/** `${rule} ${file}` for every fixture file whose first line names a rule after `prefix`. */
const fixturesSaying = (prefix) =>
  readdirSync(tree, { recursive: true })
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) => {
      const rule = new RegExp(`^// ${prefix} ([a-z-]+):`).exec(readFileSync(join(tree, file), 'utf8'))?.[1];
      return rule ? [`${rule} ${relative(tree, join(tree, file)).split('\\').join('/')}`] : [];
    });
/** the files that must be reported under the rule they break */
const expected = fixturesSaying('Breaks');
/** the files a rule must leave alone */
const allowed = fixturesSaying('Allowed by');

const folders = ['apps', 'contexts', 'libs', 'projections'].filter((folder) => existsSync(join(tree, folder)));
const res = spawnSync(
  process.execPath,
  [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'), ...folders, '--config', config, '--ts-config', 'tsconfig.json', '--output-type', 'json'],
  { cwd: tree, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
let violations;
try {
  violations = [
    ...JSON.parse(res.stdout).summary.violations,
    ...checkSources(tree).map((v) => ({ rule: { name: v.rule }, from: v.file, to: `line ${v.line}: ${v.what}` })),
  ];
} catch {
  console.error(`lint fixture: the cruiser did not run on tools/lint-fixtures/tree:\n${res.stdout}${res.stderr}`);
  process.exit(1);
}

const reported = new Set(violations.map((v) => `${v.rule.name} ${v.from}`));
const unreported = expected.filter((pair) => !reported.has(pair));
const withoutFixture = rules.filter((rule) => !expected.some((pair) => pair.startsWith(`${rule} `)));
const unknown = [...expected, ...allowed].filter((pair) => !rules.includes(pair.split(' ')[0]));
const wronglyReported = allowed.filter((pair) => reported.has(pair));
if (unreported.length + withoutFixture.length + unknown.length + wronglyReported.length > 0) {
  for (const pair of unreported) console.error(`lint fixture: rule ${pair.replace(' ', ' no longer reported on tools/lint-fixtures/tree/')}`);
  for (const rule of withoutFixture) console.error(`lint fixture: rule ${rule} has no fixture ("// Breaks ${rule}: ..." in tools/lint-fixtures/tree)`);
  for (const pair of unknown) console.error(`lint fixture: ${pair.split(' ')[1]} names an unknown rule ${pair.split(' ')[0]}`);
  for (const pair of wronglyReported) console.error(`lint fixture: rule ${pair.replace(' ', ' reports tools/lint-fixtures/tree/')}, which it must allow`);
  for (const v of violations) console.error(`  reported ${v.rule.name}: ${v.from} -> ${v.to}`);
  process.exit(1);
}
console.log(`lint fixture: every rule still bites (${expected.length} fixtures: ${rules.join(', ')}); ${allowed.length} allowed file(s) stay unreported.`);
