/**
 * Dependency rules of architecture §1, checked in `npm test` (npm run lint:deps).
 * Every rule has a deliberate violation in tools/lint-fixtures/tree, and
 * tools/src/check-lint-fixture.mjs fails unless each rule name is reported there (ADR 0009).
 *
 * Paths are relative to the working directory: the repository root for the real tree, the
 * fixture tree for the check. Projection owners and context names are read from that directory
 * when this file is loaded.
 */
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = process.cwd();

/** npm packages a domain may import. None today: a domain gets ids, time and rules from libs/kernel. */
const DOMAIN_NPM_ALLOWED = [];

/** What the cruiser calls an npm package, a Node built-in or something it could not resolve. */
const OUTSIDE_THE_TREE = ['core', 'npm', 'npm-dev', 'npm-no-pkg', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-unknown', 'unknown'];

/** Test code: specs, a context's or feature's testing/ folder, libs/testing. */
const SPEC = '\\.spec\\.tsx?$';
const TEST_CODE = [SPEC, '(^|/)testing/'];

/**
 * A context's write path: the files that decide and record (command handlers, process managers,
 * progress writers). Query handlers are named `*.query-handler.ts` (ADR 0089) and are not part of
 * it: a read may join any projection; `query-handler-is-named-so` keeps the names honest.
 */
const WRITE_PATH = '\\.(command|commands|handler|handlers|process)\\.ts$|-writer\\.ts$';

const dirsIn = (dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).filter((d) => statSync(join(root, dir, d)).isDirectory()) : []);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** projections/<folder>/package.json `portal.owner`: the context whose reads the projection serves. */
function projectionOwners() {
  const contexts = new Set(dirsIn('contexts'));
  const owners = new Map();
  for (const folder of dirsIn('projections')) {
    const file = join(root, 'projections', folder, 'package.json');
    if (!existsSync(file)) continue;
    const owner = JSON.parse(readFileSync(file, 'utf8')).portal?.owner;
    if (!contexts.has(owner)) {
      throw new Error(`projections/${folder}/package.json: "portal": { "owner": ... } must name a folder of contexts/ (found ${JSON.stringify(owner)})`);
    }
    owners.set(folder, owner);
  }
  return { contexts: [...contexts], owners };
}

/**
 * Reads of another context's projection on a write path that were there before the rule
 * (ADR 0040 chose them). Each is exempt for exactly these projections; the list only shrinks.
 */
const FOREIGN_READS_ON_WRITE_PATH = [
  {
    file: 'contexts/scoring/application/shared/certificate-issuer.process.ts',
    projections: ['users'],
    why: "the holder name and language printed on the certificate (identity's users)",
  },
  {
    file: 'contexts/assessment/application/submit-answer/submit-answer.handler.ts',
    projections: ['engagement'],
    why: "the unseen count pushed after an answer (RecommendationsService reads engagement's viewedRowIds); not part of the decision",
  },
];

/** One rule per context: its write path never reaches (directly or through its own files) a projection another context owns. */
function writePathRules() {
  const { contexts, owners } = projectionOwners();
  return contexts.flatMap((context) => {
    const foreign = [...owners].filter(([, owner]) => owner !== context).map(([folder]) => folder);
    const exempt = FOREIGN_READS_ON_WRITE_PATH.filter((e) => e.file.startsWith(`contexts/${context}/`));
    const rule = (from, reached) => ({
      name: 'write-path-reads-own-projections',
      comment: `${context}'s write path (commands, handlers, process managers, writers) reads only the projections ${context} owns (projections/*/package.json "portal.owner").`,
      severity: 'error',
      from,
      to: { path: `^projections/(${reached.map(escape).join('|')})/`, reachable: true },
    });
    if (foreign.length === 0) return [];
    return [
      rule({ path: `^contexts/${escape(context)}/application/.*(${WRITE_PATH})`, pathNot: [SPEC, ...exempt.map((e) => `^${escape(e.file)}$`)] }, foreign),
      ...exempt
        .map((e) => ({ e, reached: foreign.filter((f) => !e.projections.includes(f)) }))
        .filter(({ reached }) => reached.length > 0)
        .map(({ e, reached }) => rule({ path: `^${escape(e.file)}$` }, reached)),
    ];
  });
}

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'A domain imports nothing of the tree but libs/kernel and its own context (domain, contracts). npm packages: domain-npm-allow-list.',
      severity: 'error',
      from: { path: '^contexts/([^/]+)/domain/', pathNot: TEST_CODE },
      to: { pathNot: ['^contexts/$1/(domain|contracts)/', '^libs/kernel/'], dependencyTypesNot: OUTSIDE_THE_TREE },
    },
    {
      name: 'domain-npm-allow-list',
      comment: `A domain imports no npm package or Node built-in outside the allow-list (${DOMAIN_NPM_ALLOWED.join(', ') || 'empty'}).`,
      severity: 'error',
      from: { path: '^contexts/[^/]+/domain/', pathNot: TEST_CODE },
      to: {
        dependencyTypes: OUTSIDE_THE_TREE,
        ...(DOMAIN_NPM_ALLOWED.length > 0 ? { pathNot: `(^|/)node_modules/(${DOMAIN_NPM_ALLOWED.map(escape).join('|')})/` } : {}),
      },
    },
    {
      name: 'no-cross-context-internals',
      comment: "A context never imports another context's domain or application; contracts are its public surface. (Tests may seed another context's fixtures.)",
      severity: 'error',
      from: { path: '^contexts/([^/]+)/', pathNot: SPEC },
      to: { path: '^contexts/[^/]+/(domain|application)/', pathNot: '^contexts/$1/' },
    },
    ...writePathRules(),
    {
      name: 'query-handler-is-named-so',
      comment:
        'A handler of a query (it imports a *.query.ts) is named *.query-handler.ts, so the write path (write-path-reads-own-projections) is told from the read path by file name (ADR 0089).',
      severity: 'error',
      from: { path: `^contexts/[^/]+/application/.*\\.handler\\.ts$` },
      to: { path: '\\.query\\.ts$' },
    },
    {
      name: 'projections-read-contracts-only',
      comment: 'Projections read events through contracts and write their own tables.',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: ['^contexts/[^/]+/(domain|application)/', '^apps/'] },
    },
    {
      name: 'web-imports-contracts-only',
      comment: 'The SPA imports only contracts and the kernel, never server code.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: ['^apps/api/', '^libs/(?!kernel/)', '^contexts/[^/]+/(domain|application)/', '^projections/'] },
    },
    {
      name: 'web-reaches-no-stored-events',
      comment:
        "The SPA never reaches a context's stored-event schemas (contracts/events.ts, contracts/*-events.ts), not even through a contracts barrel or another contracts file: the browser would download and build every event's schema on the first load (ADR 0013). It imports the contracts file that defines a name (`@portal/<context>/contracts/http`); what events and HTTP share lives in contracts/*shapes.ts.",
      severity: 'error',
      from: { path: '^apps/web/', pathNot: SPEC },
      to: { path: '^contexts/[^/]+/contracts/[a-z-]*events\\.ts$', reachable: true },
    },
    {
      name: 'web-features-apart',
      comment: 'An SPA feature never imports another feature; app/ composes them and they meet through shared/ (slots, shell store, events).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'libs-below-contexts',
      comment: 'Libraries do not depend on contexts, projections or apps (libs/testing composes the app for tests).',
      severity: 'error',
      from: { path: '^libs/(?!testing/)' },
      to: { path: ['^contexts/', '^projections/', '^apps/'] },
    },
    {
      name: 'production-imports-no-test-code',
      comment: 'Production code never imports test kits (a testing/ folder) or @portal/testing; only specs and other test kits do.',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { path: '(^|/)testing/', dependencyTypesNot: OUTSIDE_THE_TREE },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { pathNot: SPEC },
      to: { circular: true },
    },
  ],
  options: {
    // npm packages are not cruised but stay in the graph (dependencyTypes npm, core...), so the
    // domain rules see them
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '/dist-server/', 'lint-fixtures/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    // typescript 7 has no JS API yet; swc parses TypeScript for the cruiser
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    preserveSymlinks: false,
  },
};
