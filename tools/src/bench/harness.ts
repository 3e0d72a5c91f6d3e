/** What the HTTP benchmarks share: latency figures, their table rows, and the API in its own process. */
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '@portal/database';

export interface LatencyFigures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Nearest-rank percentiles of latencies in milliseconds. */
export const figures = (values: number[]): LatencyFigures => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
  return { count: sorted.length, p50Ms: at(50), p95Ms: at(95), p99Ms: at(99), maxMs: sorted.at(-1) ?? 0 };
};
export const ms = (n: number) => n.toFixed(1);
/** A row of the `| call | answers | p50 ms | p95 ms | p99 ms | max ms |` tables. */
export const latencyRow = (name: string, f: LatencyFigures) => `| ${name} | ${f.count} | ${ms(f.p50Ms)} | ${ms(f.p95Ms)} | ${ms(f.p99Ms)} | ${ms(f.maxMs)} |`;
export const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

export interface BenchApi {
  /** http://127.0.0.1:<port>/api */
  base: string;
  /** CPU time the API process has used so far (ms). */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the API (api-server.ts) in its own process on a scratch database, with the projections
 * running, no demo seed, no SPA and rate limits out of the way. `nodeArgs` go before the script
 * (a CPU profile: --cpu-prof); `env` overrides the defaults.
 */
export async function startBenchApi(options: { databaseUrl: string; dataDir: string; jwtSecret: string; env?: Record<string, string>; nodeArgs?: string[] }): Promise<BenchApi> {
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'api-server.ts')], {
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
  return {
    base: `http://127.0.0.1:${port}/api`,
    cpuMs: async () => ((await (await fetch(`http://127.0.0.1:${meterPort}/`)).json()) as { cpuMs: number }).cpuMs,
    async stop() {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}

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
