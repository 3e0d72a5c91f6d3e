/** What the HTTP benchmarks share: latency figures, their table rows, and the API in its own process. */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '@portal/database';
import { monitorRuntime, type RuntimeFigures, type RuntimeMonitor } from './runtime-monitor.js';

export type { RuntimeFigures };

export interface LatencyFigures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Nearest-rank percentile `p` (0-100) of values sorted ascending. */
export const percentile = (sorted: ArrayLike<number>, p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Nearest-rank percentiles of latencies in milliseconds. */
export const figures = (values: ArrayLike<number>): LatencyFigures => {
  const sorted = Float64Array.from(values).sort();
  return { count: sorted.length, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) ?? 0 };
};
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? 0 : sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
export const ms = (n: number) => n.toFixed(1);
export const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

/**
 * How many times each latency benchmark runs (BENCH_RUNS, default 3): every run has its own
 * scratch database and API process, and a figure is the median of the runs with their spread,
 * so that it is one a rerun confirms (issue 11).
 */
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/** Runs `run` RUNS times, one after the other. */
export async function repeatRuns<T>(out: (line: string) => void, run: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (RUNS > 1) out(`run ${i + 1} of ${RUNS}`);
    results.push(await run(i));
  }
  return results;
}

/** One latency figure of one run, with what the API's and the load generator's runtimes did meanwhile. */
export interface Measured {
  latency: LatencyFigures;
  runtime: Runtimes;
}

/** The same figure over several runs: the median of each column, and the p99's spread. */
export interface Summary {
  runs: number;
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  p99MinMs: number;
  p99MaxMs: number;
  maxMs: number;
  api: { loopP99Ms: number; loopMaxMs: number; gcMaxMs: number; gcTotalMs: number };
  generator: { loopP99Ms: number; loopMaxMs: number };
}

export function summarize(runs: Measured[]): Summary {
  const of = (pick: (m: Measured) => number) => median(runs.map(pick));
  const p99s = runs.map((m) => m.latency.p99Ms);
  return {
    runs: runs.length,
    count: of((m) => m.latency.count),
    p50Ms: of((m) => m.latency.p50Ms),
    p95Ms: of((m) => m.latency.p95Ms),
    p99Ms: median(p99s),
    p99MinMs: Math.min(...p99s),
    p99MaxMs: Math.max(...p99s),
    maxMs: of((m) => m.latency.maxMs),
    api: { loopP99Ms: of((m) => m.runtime.api.loopP99Ms), loopMaxMs: of((m) => m.runtime.api.loopMaxMs), gcMaxMs: of((m) => m.runtime.api.gcMaxMs), gcTotalMs: of((m) => m.runtime.api.gcTotalMs) },
    generator: { loopP99Ms: of((m) => m.runtime.generator.loopP99Ms), loopMaxMs: of((m) => m.runtime.generator.loopMaxMs) },
  };
}

/** Several runs' values of a count that should not move: one value, or each run's. */
export const perRun = (values: number[]): string => (values.every((v) => v === values[0]) ? String(values[0] ?? 0) : values.join(', '));

export interface ApiMemory {
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
}

export interface BenchApi {
  /** http://127.0.0.1:<port>/api */
  base: string;
  /** the API process's id (its memory read from /proc) */
  pid: number;
  /** CPU time the API process has used so far (ms). */
  cpuMs(): Promise<number>;
  /** Opens a window of the API's event-loop delay and GC pauses (and the load generator's). */
  window(): Promise<RuntimeWindow>;
  /** The API process's memory (MiB), after a full collection when it runs with --expose-gc. */
  memory(): Promise<ApiMemory>;
  stop(): Promise<void>;
}

/**
 * Starts the API (api-server.ts) in its own process on a scratch database, with the projections
 * running, no demo seed, no SPA and rate limits out of the way. `nodeArgs` go before the script
 * (a CPU profile: --cpu-prof); `env` overrides the defaults.
 */
export async function startBenchApi(options: { databaseUrl: string; dataDir: string; jwtSecret: string; env?: Record<string, string>; nodeArgs?: string[] }): Promise<BenchApi> {
  // BENCH_PROFILE_DIR=<dir>: a CPU profile of every API process the benchmarks start (node --cpu-prof)
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // BENCH_API_NODE_ARGS="--flag ...": Node flags for the API process only (comparing runtime settings)
  const extra = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...profile, ...extra, ...(options.nodeArgs ?? []), '--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'api-server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: options.dataDir,
      JWT_SECRET: options.jwtSecret,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '10000000',
      WEB_DIST: join(options.dataDir, 'no-spa'),
      DATABASE_URL: options.databaseUrl,
      EVENTSTORE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const { port, meterPort } = await new Promise<{ port: number; meterPort: number }>((resolvePorts, reject) => {
    let buffer = '';
    server.stdout!.on('data', (d: Buffer) => {
      buffer += d.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line) resolvePorts(JSON.parse(line) as { port: number; meterPort: number });
    });
    server.once('exit', (code) => reject(new Error(`API exited early (${code})`)));
  });
  const runtime = async (method: 'GET' | 'POST') => (await (await fetch(`http://127.0.0.1:${meterPort}/runtime`, { method })).json()) as RuntimeFigures;
  return {
    base: `http://127.0.0.1:${port}/api`,
    pid: server.pid!,
    cpuMs: async () => ((await (await fetch(`http://127.0.0.1:${meterPort}/`)).json()) as { cpuMs: number }).cpuMs,
    memory: async () => (await (await fetch(`http://127.0.0.1:${meterPort}/memory`)).json()) as ApiMemory,
    async window() {
      await runtime('POST');
      generator().reset();
      return { close: async () => ({ api: await runtime('GET'), generator: generator().read() }) };
    },
    async stop() {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}

/** The API's and the load generator's event loops and GC over one measured phase. */
export interface RuntimeWindow {
  close(): Promise<Runtimes>;
}
export interface Runtimes {
  api: RuntimeFigures;
  generator: RuntimeFigures;
}
let generatorMonitor: RuntimeMonitor | null = null;
/** This process's (the load generator's) monitor, started on first use. */
const generator = (): RuntimeMonitor => (generatorMonitor ??= monitorRuntime());

const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING || 'br, gzip, deflate';

// one connection per caller at once, as each user's browser has its own (no queue in the client)
const leanAgent = new Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * A call for latency rows: it counts the answer's bytes and drops them (no decompression, no string,
 * no parse), so the measuring client's own allocations and GC pauses stay out of the latency it
 * measures (fetch decompressed and decoded every answer, and the load generator's GC pauses of up
 * to 30 ms landed on the calls it timed). It sends the Accept-Encoding a browser sends, so the
 * server's compression is still measured (BENCH_ACCEPT_ENCODING=identity: answers uncompressed, to
 * tell the compression's share of a figure). A body is sent as JSON.
 */
export function leanRequest(method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; bytes: number }> {
  return new Promise((resolveCall, reject) => {
    const payload = body === undefined ? null : JSON.stringify(body);
    const sent = payload === null ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) };
    const req = request(url, { method, agent: leanAgent, headers: { 'accept-encoding': ACCEPT_ENCODING, ...sent, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolveCall({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}

/** `leanRequest` for a GET. */
export const leanGet = (url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number }> => leanRequest('GET', url, headers);

/** A manager's pause between two calls when "20 concurrent managers" are measured (the manager-users and reports benches). */
export const THINK_MS = [250, 750] as const;

/**
 * Each client calls `call(client, n)` (n: its calls so far) again and again for `seconds`, paced
 * (THINK_MS after each answer, and once before the first) or back to back; the latencies of
 * every client, in one list per client.
 */
export async function clientsAtWork<C>(clients: readonly C[], seconds: number, paced: boolean, call: (client: C, index: number, n: number) => Promise<number>): Promise<number[][]> {
  const pause = () => new Promise((r) => setTimeout(r, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0])));
  return Promise.all(
    clients.map(async (client, index) => {
      const times: number[] = [];
      const end = performance.now() + seconds * 1000;
      if (paced) await pause();
      while (performance.now() < end) {
        times.push(await call(client, index, times.length));
        if (paced) await pause();
      }
      return times;
    }),
  );
}

/** Runs `work` inside a window of the API's and the load generator's runtimes. */
export async function during<T>(api: BenchApi, work: () => Promise<T>): Promise<{ value: T; runtime: Runtimes }> {
  const window = await api.window();
  const value = await work();
  return { value, runtime: await window.close() };
}

/** One line for the console: what the API's and the load generator's runtimes did in a window. */
export const runtimeLine = (r: Runtimes) =>
  `API loop delay p50 ${ms(r.api.loopP50Ms)} p99 ${ms(r.api.loopP99Ms)} max ${ms(r.api.loopMaxMs)} ms, GC ${r.api.gcCount} pauses (major ${r.api.gcMajorCount}, max ${ms(r.api.gcMajorMaxMs)}) longest ${ms(r.api.gcMaxMs)} total ${ms(r.api.gcTotalMs)} ms, CPU ${r.api.cpuMs.toFixed(0)} ms (${ms(r.api.cpuMs / 1000 / r.api.seconds * 100)} %), heap ${r.api.heapMiB.toFixed(0)} MiB; ` +
  `generator loop p99 ${ms(r.generator.loopP99Ms)} max ${ms(r.generator.loopMaxMs)} ms, GC longest ${ms(r.generator.gcMaxMs)} total ${ms(r.generator.gcTotalMs)} ms, CPU ${ms(r.generator.cpuMs / 1000 / r.generator.seconds * 100)} %`;

/** Where `npm run bench` writes its figures. */
export const REPORT_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/benchmarks.md');

/** The report file a run writes to: the default unless the caller named one or none (null). */
export const reportFileOf = (option: string | null | undefined): string | null => (option === undefined ? REPORT_FILE : option);

/** The server's version line, for a report. */
export async function serverVersion(baseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('select version() as v');
    return String(rows[0]?.v ?? '').replace(/ on x86_64.*| \(Debian.*?\)/g, '');
  } finally {
    await client.end();
  }
}

/** A fresh database named `name` on the server of `baseUrl` for one benchmark, with the server's version for the report. */
export async function scratchDatabase(baseUrl: string, name: string): Promise<ScratchDatabase & { postgres: string }> {
  const postgres = await serverVersion(baseUrl);
  return { ...(await createScratchDatabase(baseUrl, 'bench', name)), postgres };
}
