/**
 * Dependency rules of architecture §1, checked in `npm test` (npm run lint:deps).
 * tools/lint-fixtures/tree holds a deliberate violation that must keep failing.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'A domain imports nothing but libs/kernel and its own context (domain, contracts).',
      severity: 'error',
      from: { path: '^contexts/([^/]+)/domain/', pathNot: '\\.spec\\.tsx?$' },
      to: { pathNot: ['^contexts/$1/(domain|contracts)/', '^libs/kernel/'] },
    },
    {
      name: 'no-cross-context-internals',
      comment: "A context never imports another context's domain or application; contracts are its public surface. (Tests may seed another context's fixtures.)",
      severity: 'error',
      from: { path: '^contexts/([^/]+)/', pathNot: '\\.spec\\.tsx?$' },
      to: { path: '^contexts/[^/]+/(domain|application)/', pathNot: '^contexts/$1/' },
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
      name: 'libs-below-contexts',
      comment: 'Libraries do not depend on contexts, projections or apps (libs/testing composes the app for tests).',
      severity: 'error',
      from: { path: '^libs/(?!testing/)' },
      to: { path: ['^contexts/', '^projections/', '^apps/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { pathNot: '\\.spec\\.tsx?$' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', 'lint-fixtures/(?!tree)', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    // typescript 7 has no JS API yet; swc parses TypeScript for the cruiser
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    preserveSymlinks: false,
  },
};
