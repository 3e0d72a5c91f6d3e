/**
 * Whole-log audit benchmark (ADR 0030): how fast the log is sealed into signed checkpoints and how
 * fast `audit verify --all` checks it (every stream chain, every checkpoint, every sealed event),
 * on the Postgres server and on PGlite. Writes the "## Log audit" section of docs/benchmarks.md.
 *
 *   npm run bench -- audit   (or npx tsx tools/src/bench/audit.ts [url]; AUDIT_BENCH_EVENTS=n for a trial that writes nothing)
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { v7 as uuidv7 } from 'uuid';
import { createDatabase, type Database } from '@portal/database';
import { createLogAudit, createPostgresEventStore, ed25519Signer, generateSigningKey, type AppendContext } from '@portal/eventstore';
import { reportFileOf, scratchDatabase } from './harness.js';
import { writeSection } from './report.js';

export interface AuditBenchOptions {
  url: string;
  /** Events in the server's log (PGlite gets a quarter). */
  events?: number;
  reportFile?: string | null;
  out?: (line: string) => void;
}

interface Figures {
  backend: string;
  events: number;
  streams: number;
  checkpoints: number;
  sealSeconds: number;
  /** Seconds of each verification run, in run order. */
  verifySeconds: number[];
}

const EVENTS_PER_STREAM = 10;
const RUNS = 3;
const TARGET = 100_000;
const context: AppendContext = { correlationId: uuidv7(), actor: 'system', origin: 'system' };
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A log shaped like the portal's: many short streams, events with a few fields of data, appended by concurrent writers. */
async function measure(backend: string, database: Database, events: number, out: (line: string) => void): Promise<Figures> {
  const store = createPostgresEventStore(database);
  await store.migrate();
  const streams = Math.ceil(events / EVENTS_PER_STREAM);
  out(`${backend}: appending ${fmt(events)} events to ${fmt(streams)} streams`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let s = next++; s < streams; s = next++) {
        await store.append(
          `bench.progress-${s}`,
          Array.from({ length: EVENTS_PER_STREAM }, (_, i) => ({ type: 'MediaProgressed', data: { stationId: `station-${s % 40}`, mediaId: `media-${i}`, seconds: i * 30, completed: i === EVENTS_PER_STREAM - 1 } })),
          { expectedRevision: 'no-stream', context },
        );
      }
    }),
  );
  await store.close();

  const audit = createLogAudit(database);
  const signer = ed25519Signer(generateSigningKey());
  const sealStarted = performance.now();
  let checkpoints = 0;
  for (let sealed = 0; sealed < events; ) {
    const done = await audit.seal({ signer });
    checkpoints += done.length;
    sealed += done.reduce((sum, c) => sum + c.events, 0);
  }
  const sealSeconds = (performance.now() - sealStarted) / 1000;
  out(`${backend}: sealed into ${checkpoints} checkpoints in ${fmt(sealSeconds, 2)} s`);

  const verifySeconds: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = await audit.verify({ trustedKeys: [signer.publicKey] });
    verifySeconds.push((performance.now() - started) / 1000);
    if (!result.ok || result.events !== events || result.unsealed !== 0) throw new Error(`verification did not see the log it was given: ${JSON.stringify(result, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`);
    out(`${backend}: verify --all run ${run + 1}: ${fmt(events / verifySeconds.at(-1)!)} events/s`);
  }
  return { backend, events, streams, checkpoints, sealSeconds, verifySeconds };
}

function section(figures: Figures[], machine: string, postgres: string, load: [number, number]): string {
  const rows = figures.map((f) => {
    const rates = f.verifySeconds.map((s) => f.events / s);
    const mid = median(rates);
    return `| ${f.backend} | ${fmt(f.events)} | ${fmt(f.streams)} | ${fmt(f.checkpoints)} | ${fmt(f.events / f.sealSeconds)} | **${fmt(mid)}** (${fmt(Math.min(...rates))}-${fmt(Math.max(...rates))}) |`;
  });
  const server = figures.find((f) => f.backend.startsWith('Postgres'));
  const serverRate = server ? median(server.verifySeconds.map((s) => server.events / s)) : 0;
  return [
    '## Log audit',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- audit\` on ${machine}; ${postgres}. 1-minute load average ${fmt(load[0], 1)} before and ${fmt(load[1], 1)} after (other work on the machine moves the figures).`,
    `A log of streams of ${EVENTS_PER_STREAM} events (progress-like data) written by 16 concurrent appenders, sealed into checkpoints of at most 10,000 events`,
    `(\`LogAudit.seal\`, what the API's background job and \`audit seal\` run), then verified ${RUNS} times as \`npm run portal -- audit verify --all\` does:`,
    'every stream chain recomputed in Node from the canonical text, every checkpoint signature, chain link and stream heads, every sealed event',
    'compared with its sealed line in global order. Verified events/s is the median of the runs, their range in parentheses.',
    '',
    '| backend | events | streams | checkpoints | sealed events/s | verified events/s |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    '| target | measured | |',
    '|---|---:|---|',
    `| verify --all on the Postgres server >= ${fmt(TARGET)} events/s | ${fmt(serverRate)} | ${serverRate >= TARGET ? 'met' : '**missed**'} |`,
    '',
  ].join('\n');
}

export async function benchAudit(options: AuditBenchOptions): Promise<Figures[]> {
  const out = options.out ?? ((line: string) => console.log(line));
  const events = options.events ?? 200_000;
  const loadBefore = loadavg()[0]!;
  const figures: Figures[] = [];
  const scratch = await scratchDatabase(options.url, 'bench_audit');
  try {
    const database = await createDatabase({ url: scratch.url, poolSize: 16 });
    try {
      figures.push(await measure('Postgres server', database, events, out));
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
  const pglite = await createDatabase({});
  try {
    figures.push(await measure('PGlite (in memory)', pglite, Math.ceil(events / 4), out));
  } finally {
    await pglite.close();
  }
  const cpu = cpus();
  const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;
  const text = section(figures, machine, scratch.postgres, [loadBefore, loadavg()[0]!]);
  for (const line of text.split('\n')) out(line);
  const reportFile = reportFileOf(options.reportFile);
  if (reportFile) {
    writeSection(reportFile, 'Log audit', text);
    out(`written to ${reportFile}`);
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  benchAudit({ url, ...(process.env.AUDIT_BENCH_EVENTS ? { events: Number(process.env.AUDIT_BENCH_EVENTS), reportFile: null } : {}) }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
