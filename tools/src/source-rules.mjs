// Source rules the dependency cruiser cannot see (a cast is not an import), checked in
// `npm run lint:deps` beside it (ADR 0086). Like the cruiser's rules, each one has a deliberate
// violation in tools/lint-fixtures/tree (`// Breaks <rule>: ...`), which
// tools/src/check-lint-fixture.mjs requires to be reported.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Test code: specs, a context's or feature's testing/ folder, libs/testing (as in .dependency-cruiser.cjs). */
const TEST_CODE = [/\.spec\.tsx?$/, /(^|\/)testing\//];

export const SOURCE_RULES = [
  {
    name: 'stored-events-parsed',
    comment:
      "A stored event reaches a decider, a projection or a process only through its owner's contracts (`xEvents.parse`/`parseRecorded`, a decider's `events`, defineProjection's `events`), which upcast and check it: no `.data as ...` and no event built from a stored one by a cast (ADR 0009 §4, ADR 0086). Contracts are where parsing is defined, libs/eventstore where it is implemented: out of scope.",
    /** where the write and read paths live */
    paths: [/^contexts\/[^/]+\/(application|domain)\//, /^projections\//, /^apps\/api\/src\//, /^libs\/(platform|projections)\/src\//],
    patterns: [
      { re: /\.data\s+as\s+(?!const\b)/, what: "an event's data read through a cast (`.data as ...`)" },
      { re: /\bdata:\s*[\w$.]+\.data\s*\}\s*\)?\s*as\s/, what: 'an event built from a stored one by a cast (`({ type: r.type, data: r.data }) as E`)' },
    ],
  },
];

const filesUnder = (root, dir) => {
  const base = join(root, dir);
  if (!existsSync(base)) return [];
  return readdirSync(base, { recursive: true })
    .map((f) => join(base, String(f)))
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('node_modules') && !f.includes(`${'/'}dist${'/'}`) && statSync(f).isFile())
    .map((f) => relative(root, f).split('\\').join('/'));
};

/** `{ rule, file, line, what }` for every line of the tree under `root` that breaks a source rule. */
export function checkSources(root) {
  const files = ['apps', 'contexts', 'libs', 'projections'].flatMap((dir) => filesUnder(root, dir));
  const violations = [];
  for (const rule of SOURCE_RULES) {
    for (const file of files) {
      if (!rule.paths.some((p) => p.test(file)) || TEST_CODE.some((t) => t.test(file))) continue;
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      lines.forEach((text, i) => {
        for (const { re, what } of rule.patterns) if (re.test(text)) violations.push({ rule: rule.name, file, line: i + 1, what });
      });
    }
  }
  return violations;
}
