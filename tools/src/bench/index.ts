// npm run bench -- <suite>: speed and memory figures, written to docs/benchmarks.md.
// npm run bench -- --smoke [suite]: every suite at toy sizes, nothing written (checks that a
// change to the benchmarks still runs; its figures mean nothing).
const smoke = process.argv.includes('--smoke');
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (smoke) {
  process.env.BENCH_LEARNERS ??= '10';
  process.env.BENCH_SECONDS ??= '2';
  process.env.ASSESSMENT_BENCH_EVENTS ??= '20000';
  // two runs: enough to go through the median and spread code
  process.env.BENCH_RUNS ??= '2';
}
const toy = <T extends object>(options: T): T | Record<string, never> => (smoke ? options : {});

const suites: Record<string, () => Promise<unknown>> = {
  eventstore: async () => {
    const { benchEventstore } = await import('./eventstore.js');
    return benchEventstore({ url, ...toy({ seconds: 1, readAllEvents: 5_000, reportFile: null }) });
  },
  booking: async () => {
    const { benchBooking } = await import('./booking.js');
    return benchBooking({ url, ...toy({ visitors: 20, slots: 4, capacity: 4, reportFile: null }) });
  },
  learning: async () => {
    const { benchLearning } = await import('./learning.js');
    return benchLearning({ url, ...toy({ reportFile: null }) });
  },
  audit: async () => {
    const { benchAudit } = await import('./audit.js');
    return benchAudit({ url, ...toy({ events: 4_000, reportFile: null }) });
  },
  assessment: async () => {
    const { benchAssessment } = await import('./assessment.js');
    return benchAssessment({ url, ...toy({ learners: 10, answersPerLearner: 3, reportFile: null }) });
  },
  'manager-users': async () => {
    const { benchManagerUsers } = await import('./manager-users.js');
    return benchManagerUsers({ url, smoke, ...toy({ users: 2_000, reportFile: null }) });
  },
  'manager-dashboard': async () => {
    const { benchManagerDashboard } = await import('./manager-dashboard.js');
    return benchManagerDashboard({ url, ...toy({ users: 1_000, companies: 5, seconds: 2, reportFile: null }) });
  },
  'manager-import': async () => {
    const { benchManagerImport } = await import('./manager-import.js');
    return benchManagerImport({ url, smoke, ...toy({ rows: 500, reportFile: null }) });
  },
  'scheduled-events': async () => {
    const { benchScheduledEvents } = await import('./scheduled-events.js');
    return benchScheduledEvents({ url, ...toy({ attendees: 20, spreadSeconds: 2, learners: 50, vacancies: 10, reportFile: null }) });
  },
  xapi: async () => {
    const { benchXapi } = await import('./xapi.js');
    return benchXapi({ url, ...toy({ events: 2_000, runs: 2, reportFile: null }) });
  },
  reports: async () => {
    const { benchReports } = await import('./reports.js');
    return benchReports({ url, ...toy({ learners: 40, companies: 4, answersPerLearner: 10, otherPerLearner: 5, seconds: 1, reportFile: null }) });
  },
  'privacy-export': async () => {
    const { benchPrivacyExport } = await import('./privacy-export.js');
    return benchPrivacyExport({ url, ...toy({ events: 500, reportFile: null }) });
  },
  field: async () => {
    const { benchField } = await import('./field.js');
    return benchField({ url, ...toy({ learners: 10, online: 3, reconnectSeconds: 2, quietSeconds: 2, reportFile: null }) });
  },
  'first-load': async () => {
    const { benchFirstLoad } = await import('./first-load.js');
    return benchFirstLoad({ smoke, ...toy({ reportFile: null }) });
  },
  'first-screens-server': async () => {
    const { benchFirstScreensServer } = await import('./first-screens-server.js');
    return benchFirstScreensServer(toy({ learners: 5, rounds: 2, reportFile: null }));
  },
  'first-load-bounds': async () => {
    const { benchFirstLoadBounds } = await import('./first-load-bounds.js');
    return benchFirstLoadBounds({ smoke, ...toy({ reportFile: null }) });
  },
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = requested.length > 0 ? requested : Object.keys(suites);
for (const name of names) {
  const run = suites[name];
  if (!run) {
    console.error(`unknown benchmark "${name}"; available: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n## ${name}`);
  await run();
}
export {};
