// npm run bench -- <suite>: speed and memory figures, written to docs/benchmarks.md.
const suites: Record<string, () => Promise<unknown>> = {
  eventstore: async () => {
    const { benchEventstore } = await import('./eventstore.js');
    return benchEventstore({ url: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  },
  booking: async () => {
    const { benchBooking } = await import('./booking.js');
    return benchBooking({ url: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  },
  learning: async () => {
    const { benchLearning } = await import('./learning.js');
    return benchLearning({ url: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  },
  assessment: async () => {
    const { benchAssessment } = await import('./assessment.js');
    return benchAssessment({ url: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
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
