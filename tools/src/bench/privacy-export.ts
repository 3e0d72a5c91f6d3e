/**
 * "Download my data" benchmark (issue 31, ADR 0092): how long the portal takes from a learner's
 * `POST /api/privacy/me/exports` to the export being ready (`DataExportPrepared` recorded, the ZIP
 * stored, the link mailed), for a learner with 10,000 events, on a Postgres server. Writes the
 * "## Privacy export" section of docs/benchmarks.md.
 *
 * The API runs in this process on a scratch database (the background job is the product's own,
 * kicked by the request). The log: the learner registers through the API, then 10,000 learning
 * events are appended with the learner as actor (visits, views, plays, progress ticks,
 * completions over 25 stations), and another learner's 2,000 events beside them; the read models
 * catch up before the clock starts (in the product the auditor's index follows the log as it is
 * written). Each run (BENCH_RUNS, default 3) asks for a new export and polls `GET /api/privacy/me`
 * every 20 ms until it is honoured; then the ZIP is downloaded and checked: `events.json` holds
 * every event of the learner and no id of the other learner.
 *
 *   npm run bench -- privacy-export   (npm run bench -- --smoke privacy-export: 500 events, nothing written)
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import yauzl from 'yauzl';
import { createApp, createInfrastructure, parseConfig } from '@portal/api';
import { createDatabase } from '@portal/database';
import type { AppendContext, NewEvent } from '@portal/eventstore';
import { mark, median, RUNS, reportFileOf, scratchDatabase } from './harness.js';
import { writeSection } from './report.js';

export interface PrivacyExportBenchOptions {
  url: string;
  /** the exporting learner's generated events (besides their registration's) */
  events?: number;
  reportFile?: string | null;
  out?: (line: string) => void;
}

interface Run {
  seconds: number;
  events: number;
  bytes: number;
}

const TARGET_SECONDS = 10;
const STATIONS = 25;
const PASSWORD = 'Str0ng!pass';
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** `count` learning events of `actor`, in streams of one station each, each event of its contract's shape. */
function learningLog(actor: string, count: number): Map<string, NewEvent[]> {
  const streams = new Map<string, NewEvent[]>();
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  for (let i = 0; i < count; i++) {
    const stationId = `station-${i % STATIONS}`;
    const entryId = `${stationId}-entry-${Math.floor(i / STATIONS) % 8}`;
    const playSessionId = `${actor}-${i >> 4}`;
    const base = { actor, stationId };
    const kind = i % 10;
    const event: NewEvent =
      kind === 0
        ? { type: 'StationVisited', data: { ...base, viewType: 'map', visitedAt: at(i) } }
        : kind === 1
          ? { type: 'ContentViewed', data: { ...base, entryId, entryType: 'video', viewedAt: at(i) } }
          : kind === 2
            ? { type: 'MediaStarted', data: { ...base, entryId, entryType: 'video', playSessionId, seconds: 0, duration: 300, startedAt: at(i) } }
            : kind === 9
              ? { type: 'MediaCompleted', data: { ...base, entryId, entryType: 'video', playSessionId, duration: 300, via: 'end', completedAt: at(i) } }
              : { type: 'MediaProgressed', data: { ...base, entryId, playSessionId, seconds: kind * 30, duration: 300, percent: (kind * 30) / 300, cause: 'progress', at: at(i) } };
    const stream = `learning.progress-${actor}-${stationId}`;
    streams.set(stream, [...(streams.get(stream) ?? []), event]);
  }
  return streams;
}

function eventsJson(zip: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('not a zip'));
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'events.json') return file.readEntry();
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      file.on('end', () => reject(new Error('events.json is not in the export')));
      file.readEntry();
    });
  });
}

export async function benchPrivacyExport(options: PrivacyExportBenchOptions): Promise<Run[]> {
  const out = options.out ?? ((line: string) => console.log(line));
  const events = options.events ?? 10_000;
  const loadBefore = loadavg()[0]!;
  const scratch = await scratchDatabase(options.url, 'bench_privacy_export');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-privacy-'));
  const database = await createDatabase({ url: scratch.url, poolSize: 10 });
  const runs: Run[] = [];
  try {
    const config = parseConfig({
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://portal.example',
      WEB_DIST: join(dataDir, 'no-spa-here'),
    });
    const infra = await createInfrastructure(config, { database });
    const app = await createApp(config, infra, { logs: false });
    const fastify = app.getHttpAdapter().getInstance();
    const call = async (method: string, url: string, token?: string, body?: unknown) => {
      const res = await fastify.inject({ method: method as never, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body === undefined ? {} : { payload: body as never }) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
      return res;
    };
    try {
      const register = async (email: string) =>
        (await call('POST', '/api/createUserRegister', undefined, { email, password: PASSWORD, country: 'BR', consent: true, lang: 'pt-BR' })).json<{ userId: string; accessToken: string }>();
      const learner = await register('titular@bench.example');
      const other = await register('outro@bench.example');
      const write = async (userId: string, count: number) => {
        const context: AppendContext = { correlationId: `bench-${userId}`, actor: userId, origin: 'web' };
        for (const [stream, batch] of learningLog(userId, count)) {
          for (let i = 0; i < batch.length; i += 500) await infra.store.append(stream, batch.slice(i, i + 500), { expectedRevision: 'any', context });
        }
      };
      const started = performance.now();
      await write(learner.userId, events);
      await write(other.userId, Math.ceil(events / 5));
      await infra.projections.waitForAll(['audit-subjects', 'users', 'privacy-requests'], await infra.store.headCheckpoint(), 600_000);
      out(`wrote ${fmt(events)} events of the learner and ${fmt(Math.ceil(events / 5))} of another, indexed in ${fmt((performance.now() - started) / 1000, 1)} s`);

      for (let run = 0; run < RUNS; run++) {
        const t0 = performance.now();
        const { requestId } = (await call('POST', '/api/privacy/me/exports', learner.accessToken)).json<{ requestId: string }>();
        for (;;) {
          const mine = (await call('GET', '/api/privacy/me', learner.accessToken)).json<{ requests: { requestId: string; status: string }[] }>();
          if (mine.requests.find((r) => r.requestId === requestId)?.status === 'honoured') break;
          if (performance.now() - t0 > 120_000) throw new Error(`export ${requestId} not ready after 120 s`);
          await new Promise((r) => setTimeout(r, 20));
        }
        const seconds = (performance.now() - t0) / 1000;
        const zip = (await call('GET', `/api/privacy/exports/${requestId}/file`, learner.accessToken)).rawPayload;
        const text = await eventsJson(zip);
        const exported = JSON.parse(text) as { eventCount: number; events: { type: string; data: { actor?: string } }[] };
        const learning = exported.events.filter((e) => e.data.actor === learner.userId).length;
        if (learning !== events) throw new Error(`the export holds ${learning} of the learner's ${events} learning events`);
        if (text.includes(other.userId)) throw new Error('the export holds an id of another learner');
        runs.push({ seconds, events: exported.eventCount, bytes: zip.length });
        out(`run ${run + 1}: ${fmt(exported.eventCount)} events, ZIP ${fmt(zip.length / 2 ** 20, 1)} MiB, ready in ${fmt(seconds, 2)} s`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const mid = median(runs.map((r) => r.seconds));
  const cpu = cpus();
  const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;
  const text = [
    '## Privacy export',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- privacy-export\` on ${machine}; ${scratch.postgres}. 1-minute load average ${fmt(loadBefore, 1)} before and ${fmt(loadavg()[0]!, 1)} after (other work on the machine moves the figures).`,
    `A learner with ${fmt(events)} learning events (over ${STATIONS} stations) besides their account's, and another learner's ${fmt(Math.ceil(events / 5))} in the same log. Each run asks`,
    '"Download my data" (`POST /api/privacy/me/exports`) and times until `GET /api/privacy/me` answers it honoured: the background job found the subject\'s',
    'events through the auditor\'s index, read them from the log (secrets redacted), wrote profile.json, privacy.json, events.json and the HTML summary into',
    'a ZIP (yazl), stored it, recorded `DataExportPrepared` and mailed the link. Each ZIP was then downloaded and checked: every learning event of the',
    `learner, no id of the other learner. The API ran in the benchmark's process; figure: median of ${runs.length} runs (range in parentheses).`,
    '',
    '| events in the export | ZIP size | ready in s |',
    '|---:|---:|---:|',
    `| ${fmt(runs[0]?.events ?? 0)} | ${fmt((runs[0]?.bytes ?? 0) / 2 ** 20, 1)} MiB | **${fmt(mid, 2)}** (${fmt(Math.min(...runs.map((r) => r.seconds)), 2)}-${fmt(Math.max(...runs.map((r) => r.seconds)), 2)}) |`,
    '',
    '| target | measured | |',
    '|---|---:|---|',
    `| a data export of a learner with 10,000 events <= ${TARGET_SECONDS} s | ${fmt(mid, 2)} s | ${events >= 10_000 ? mark(mid <= TARGET_SECONDS) : 'not measured at this size'} |`,
    '',
  ].join('\n');
  for (const line of text.split('\n')) out(line);
  const reportFile = reportFileOf(options.reportFile);
  if (reportFile) {
    writeSection(reportFile, 'Privacy export', text);
    out(`written to ${reportFile}`);
  }
  return runs;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  benchPrivacyExport({ url }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
