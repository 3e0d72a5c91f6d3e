import { defineConfig } from 'vitest/config';

/** Three tiers, one runner: *.unit.spec.ts, *.int.spec.ts (real database), *.e2e.spec.ts (browser). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,libs,contexts,projections,tools}/**/*.unit.spec.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          // files share a worker's loaded modules (34 s -> 6 s: most of the time was importing);
          // a file leaves no global behind (spies restored, no env written: ADR 0007)
          isolate: false,
          // run as a group of its own before integration (projects that share no workers need their own group)
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,libs,contexts,projections,tools}/**/*.int.spec.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // as unit: each file starts its own app on its own database, but the modules stay loaded
          // (about 410 s -> 260 s on two cores)
          isolate: false,
          sequence: { groupOrder: 1 },
          // two cores: keep the database and argon2 from starving each other
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['{apps,tools}/**/*.e2e.spec.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // two files at a time: each starts its own portal (own port, own copy of the data
          // directory) and browser, and much of a browser test is waiting, so two share the two
          // cores well (the tier took 854 s one file at a time, 446 s two at a time, no retry)
          fileParallelism: true,
          maxWorkers: 2,
          // seeds one portal data directory; each file's portal starts on a copy of it (harness.ts)
          globalSetup: ['tools/e2e/seeded-template.ts'],
          // a real browser against a real server on 2 shared cores: a failed test runs again
          // (at most twice) before it fails the suite; the report still shows each retry
          retry: 2,
        },
      },
    ],
  },
});
