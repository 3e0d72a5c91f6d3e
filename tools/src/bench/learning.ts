import { writeSection } from './report.js';
/**
 * Learning benchmark, through the whole API (HTTP on a real socket, one API process on a Postgres
 * server, projections running; the load generator is this process on the same machine):
 *   1. importing the demo pack twice: the second import must write no event;
 *   2. progress ticks and completions from 200 concurrent simulated learners: p99 < 30 ms;
 *   3. GET /api/home for a learner with 500 entries of history: p99 < 20 ms.
 * Writes the "## Learning" section of docs/benchmarks.md.
 *
 *   npm run bench -- learning            (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local server)
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase } from '@portal/database';
import { createEventStore, checkpointToString, type Checkpoint } from '@portal/eventstore';
import { fixedClock, newId, systemClock } from '@portal/kernel';
import { TokenService } from '@portal/platform';
import { importContentPack, resolveContentDir } from '@portal/learning/application';
import { progressStream, type ProgressEvent } from '@portal/learning/contracts';

export interface LatencyFigures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LearningBenchResult {
  date: string;
  machine: string;
  load: number;
  postgres: string;
  import: { first: { events: number; ms: number }; second: { events: number; ms: number } };
  learners: number;
  phases: { name: string; tickMs: number; seconds: number; writesPerSecond: number; ticks: LatencyFigures; completions: LatencyFigures; failures: number; control: LatencyFigures }[];
  home: { history: number; single: LatencyFigures; concurrent: LatencyFigures; concurrency: number; control: LatencyFigures };
  targets: { ticksP99: boolean; completionsP99: boolean; homeP99: boolean; secondImportWritesNothing: boolean; stressTicksP99: boolean; stressCompletionsP99: boolean };
}

const SCRATCH_DB = 'bench_learning';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 200);
/**
 * Two runs of the same 200 learners. "As the SPA ticks": a player reports every 10 s of playback
 * (the SPA's throttle) at normal speed, so a 60 s entry is play, five progress ticks and end, and
 * 200 learners send about 20 writes a second. "Ten times faster": the same sessions with one tick
 * per second of wall time (each still 10 s of playback), about 200 writes a second; every tick is
 * recorded (none is coalesced).
 */
const PHASES = [
  { name: 'as the SPA ticks (every 10 s)', tickMs: 10_000, warmupMs: 10_000, measuredMs: Number(process.env.BENCH_SECONDS ?? 60) * 1000 },
  { name: 'ten times faster (every 1 s)', tickMs: 1_000, warmupMs: 5_000, measuredMs: Number(process.env.BENCH_SECONDS ?? 30) * 1000 },
] as const;
const MEDIA_SECONDS = 60;
const HISTORY = 500;
const HOME_REQUESTS = 400;
const HOME_CONCURRENCY = 8;

const figures = (values: number[]): LatencyFigures => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
  return { count: sorted.length, p50Ms: at(50), p95Ms: at(95), p99Ms: at(99), maxMs: sorted.at(-1) ?? 0 };
};
const ms = (n: number) => n.toFixed(1);

function section(r: LearningBenchResult): string {
  const row = (name: string, f: LatencyFigures) => `| ${name} | ${f.count} | ${ms(f.p50Ms)} | ${ms(f.p95Ms)} | ${ms(f.p99Ms)} | ${ms(f.maxMs)} |`;
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  return [
    '## Learning',
    '',
    `\`npm run bench -- learning\` (tools/src/bench/learning.ts), ${r.date}. ${r.machine}; ${r.postgres}; load average ${r.load.toFixed(1)} at the end of the run.`,
    '',
    'Through the HTTP API on a real socket (Nest on Fastify, one API process on the Postgres server with the projections',
    'running; the load generator is another process on the same machine, sharing its cores).',
    '',
    `**Progress.** ${r.learners} concurrent learners each play entries of ${MEDIA_SECONDS} s: \`play\`, a \`progress\` tick per 10 s of`,
    'playback, `end` (a completion), then the next entry; arrivals spread over one tick interval. First as the SPA ticks',
    '(one report per 10 s of playback at normal speed, about 20 writes a second), then ten times faster (one per second,',
    'about 200 writes a second: a stress run, none of the ticks coalesced).',
    '',
    '| call | answers | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...r.phases.flatMap((p) => [
      row(`progress tick (play, progress), ${p.name}`, p.ticks),
      row(`completion (end), ${p.name}`, p.completions),
      row(`control: GET /api/app-config during that run`, p.control),
    ]),
    row(`GET /api/home, ${r.home.history} entries of history, one client`, r.home.single),
    row(`GET /api/home, same learner, ${r.home.concurrency} clients at once`, r.home.concurrent),
    row('control: GET /api/app-config, alternating with the one-client /home calls', r.home.control),
    '',
    '| check | result | target |',
    '|---|---|---|',
    `| progress ticks p99, ${r.phases[0]!.name} | ${ms(r.phases[0]!.ticks.p99Ms)} ms | < 30 ms: ${mark(r.targets.ticksP99)} |`,
    `| completions p99, ${r.phases[0]!.name} | ${ms(r.phases[0]!.completions.p99Ms)} ms | < 30 ms: ${mark(r.targets.completionsP99)} |`,
    `| progress ticks p99, ${r.phases[1]!.name} | ${ms(r.phases[1]!.ticks.p99Ms)} ms | < 30 ms: ${mark(r.targets.stressTicksP99)} |`,
    `| completions p99, ${r.phases[1]!.name} | ${ms(r.phases[1]!.completions.p99Ms)} ms | < 30 ms: ${mark(r.targets.stressCompletionsP99)} |`,
    `| failed progress writes | ${r.phases.reduce((n, p) => n + p.failures, 0)} | 0 |`,
    `| /home p99 (one client) | ${ms(r.home.single.p99Ms)} ms | < 20 ms: ${mark(r.targets.homeP99)} |`,
    `| demo pack, first import | ${r.import.first.events} events in ${ms(r.import.first.ms)} ms | |`,
    `| demo pack, second import | ${r.import.second.events} events in ${ms(r.import.second.ms)} ms | 0 events: ${mark(r.targets.secondImportWritesNothing)} |`,
    '',
    'The control row is GET /api/app-config (no database, no learning code) measured during each run: what',
    'the machine and the HTTP stack add to every call at that moment.',
    '',
    'Where the time goes. A progress write is one append at the revision the learner\'s folded stream state has in memory',
    '(the stream is read only after a conflict; docs/adr/0021-progress-streams-and-ticks.md); /home is one indexed read of',
    "the learner's feed rows joined in memory with the catalogue (docs/adr/0023-feeds.md); the learning read models fold a",
    'batch in memory and write each touched row once. Beyond that, every append wakes every projection runner of the API',
    '(16 when this ran), each reading the log with its own query; and the whole API, Postgres and the load generator share',
    "two cores, here with other work running (see the load average and the control rows: when the control's p99 is far above",
    'its p50, the tail of every row is the machine\'s).',
  ].join('\n');
}


/** The demo pack plus 50 stations of 10 short videos each: enough entries for 500 of history. */
function benchPack(dir: string): string {
  cpSync(resolveContentDir(), dir, { recursive: true });
  const pack = JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8'));
  const L = (x: string) => ({ 'pt-BR': x, es: x, en: x });
  for (let s = 0; s < 50; s++) {
    pack.stations.push({
      stationId: `bench-${s}`,
      path: `bench-${s}`,
      type: 'Detail',
      title: L(`Bench ${s}`),
      routeArea: 'default',
      areas: ['default'],
      listingOrder: 100 + s,
      entries: Array.from({ length: 10 }, (_, e) => ({
        entryId: `bench-${s}-${e}`,
        type: 'video',
        title: L(`Bench ${s}.${e}`),
        src: { 'pt-BR': 'media/video/soja.mp4' },
        thumbSrc: 'media/thumbs/type-video.png',
        duration: MEDIA_SECONDS,
        displayOrder: e,
      })),
    });
  }
  const file = join(dir, 'pack.json');
  writeFileSync(file, JSON.stringify(pack));
  return file;
}

export async function benchLearning(opts: { url: string; out?: (line: string) => void; reportFile?: string | null }): Promise<LearningBenchResult> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const reportFile = opts.reportFile === undefined ? resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/benchmarks.md') : opts.reportFile;
  const admin = new pg.Client({ connectionString: opts.url });
  await admin.connect();
  const postgres = String((await admin.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '').replace(/ on x86_64.*| \(Debian.*?\)/g, '');
  await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`);
  await admin.query(`create database ${SCRATCH_DB}`);
  const url = new URL(opts.url);
  url.pathname = `/${SCRATCH_DB}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-learning-'));
  const database = await createDatabase({ url: url.toString(), poolSize: 8 });
  const store = createEventStore({ database });
  await store.migrate();
  let server: ReturnType<typeof spawn> | null = null;
  try {
    // 1. the demo pack, twice
    let t0 = performance.now();
    const first = await importContentPack(store, systemClock, { file: join(resolveContentDir(), 'pack.json') });
    const firstMs = performance.now() - t0;
    t0 = performance.now();
    const second = await importContentPack(store, systemClock, { file: join(resolveContentDir(), 'pack.json') });
    const secondMs = performance.now() - t0;
    out(`import: first ${first.events} events in ${ms(firstMs)} ms; second ${second.events} events in ${ms(secondMs)} ms`);
    // the bench catalogue on top (500 more entries)
    await importContentPack(store, systemClock, { file: benchPack(join(dataDir, 'pack')) });

    // 500 entries of history for the /home learner, written straight to the log
    const homeUser = newId();
    const clock = fixedClock('2026-10-01T08:00:00.000Z');
    let last: Checkpoint | null = null;
    for (let i = 0; i < HISTORY; i++) {
      const stationId = `bench-${Math.floor(i / 10)}`;
      const entryId = `${stationId}-${i % 10}`;
      clock.advance(60_000);
      const at = clock.now().toISOString();
      const base = { actor: homeUser, stationId, entryId };
      const events: ProgressEvent[] = [{ type: 'MediaStarted', data: { ...base, entryType: 'video', playSessionId: `s${i}`, seconds: 0, duration: MEDIA_SECONDS, startedAt: at } }];
      if (i % 3 === 0) events.push({ type: 'MediaCompleted', data: { ...base, entryType: 'video', playSessionId: `s${i}`, duration: MEDIA_SECONDS, via: 'end', completedAt: at } });
      else events.push({ type: 'MediaProgressed', data: { ...base, playSessionId: `s${i}`, seconds: 40, duration: MEDIA_SECONDS, percent: 40 / MEDIA_SECONDS, cause: 'pause', at } });
      if (i % 7 === 0) events.push({ type: 'BookmarkAdded', data: { ...base, bookmarkAt: at } });
      if (i % 11 === 0) events.push({ type: 'ContentFeedbackGiven', data: { ...base, score: 1 + (i % 5), givenAt: at } });
      if (i % 10 === 0) events.unshift({ type: 'StationVisited', data: { actor: homeUser, stationId, viewType: 'detail', visitedAt: at } });
      const result = await store.append(progressStream(homeUser, stationId), events.map((e) => ({ type: e.type, data: e.data as unknown as Record<string, unknown> })), {
        expectedRevision: 'any',
        context: { correlationId: 'bench', actor: homeUser, origin: 'system' },
      });
      last = result.checkpoint;
    }

    // the API in its own process
    server = spawn(process.execPath, [...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []), '--import', 'tsx', fileURLToPath(import.meta.url), '--server'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        RATE_LIMIT_MAX: '10000000',
        WEB_DIST: join(dataDir, 'no-spa'),
        DATABASE_URL: url.toString(),
        EVENTSTORE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const running = server;
    const port = await new Promise<number>((resolvePort, reject) => {
      let buffer = '';
      running.stdout!.on('data', (d: Buffer) => {
        buffer += d.toString();
        const line = buffer.split('\n').find((l) => l.startsWith('{'));
        if (line) resolvePort(Number(JSON.parse(line).port));
      });
      running.once('exit', (code) => reject(new Error(`API exited early (${code})`)));
    });
    const base = `http://127.0.0.1:${port}/api`;
    const tokens = new TokenService(JWT_SECRET, 3600);
    const tokenOf = (userId: string) =>
      tokens.issue({ sub: userId, sid: newId(), email: `${userId}@bench`, roles: ['learner'], permissions: [], aclTags: ['dist:all'], companyId: null, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true });
    const call = async (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, text };
    };

    // wait until the read models hold the history
    const homeToken = await tokenOf(homeUser);
    for (let i = 0; i < 100; i++) {
      const res = await call('GET', '/home', homeToken, undefined, last ? { 'x-min-position': checkpointToString(last) } : {});
      if (res.status === 200 && JSON.parse(res.text).history.total === HISTORY) break;
      await new Promise((r) => setTimeout(r, 500));
    }

    // 2. 200 learners playing
    const playable: { station: string; entry: string }[] = [];
    for (let s = 0; s < 50; s++) for (let e = 0; e < 10; e++) playable.push({ station: `bench-${s}`, entry: `bench-${s}-${e}` });
    const learners = await Promise.all(Array.from({ length: LEARNERS }, () => tokenOf(newId())));
    const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
    const phases: LearningBenchResult['phases'] = [];
    for (const phase of PHASES) {
      const ticks: number[] = [];
      const completions: number[] = [];
      let failures = 0;
      let measuring = false;
      const learner = async (token: string, n: number, until: number) => {
        await sleep(Math.random() * phase.tickMs);
        let k = n;
        while (performance.now() < until) {
          const { station, entry } = playable[k++ % playable.length]!;
          const session = newId();
          for (let position = 0; position <= MEDIA_SECONDS && performance.now() < until; position += 10) {
            const event = position === 0 ? 'play' : position >= MEDIA_SECONDS ? 'end' : 'progress';
            const started = performance.now();
            const res = await call('POST', `/user-store/station/${station}/${entry}`, token, { event, playSessionId: session, seconds: position, duration: MEDIA_SECONDS });
            const took = performance.now() - started;
            if (measuring) {
              if (res.status !== 200) failures += 1;
              else (event === 'end' ? completions : ticks).push(took);
            }
            await sleep(Math.max(0, phase.tickMs - took));
          }
        }
      };
      // control: GET /api/app-config (no database, no learning code) at 10 a second during the run,
      // so the figures show how much of a latency is the machine's and the HTTP stack's
      const control: number[] = [];
      const probe = async (until: number) => {
        while (performance.now() < until) {
          const started = performance.now();
          await fetch(`${base}/app-config`).then((r) => r.text());
          if (measuring) control.push(performance.now() - started);
          await sleep(100);
        }
      };
      const began = performance.now();
      const timer = setTimeout(() => (measuring = true), phase.warmupMs);
      const end = began + phase.warmupMs + phase.measuredMs;
      await Promise.all([probe(end), ...learners.map((token, n) => learner(token, n * 13 + phases.length * 7, end))]);
      clearTimeout(timer);
      const seconds = (performance.now() - began - phase.warmupMs) / 1000;
      const t = figures(ticks);
      const c = figures(completions);
      const k = figures(control);
      phases.push({ name: phase.name, tickMs: phase.tickMs, seconds, writesPerSecond: (t.count + c.count) / seconds, ticks: t, completions: c, failures, control: k });
      out(`${LEARNERS} learners, ${phase.name}: ${((t.count + c.count) / seconds).toFixed(0)} writes/s; ticks p50 ${ms(t.p50Ms)} ms, p99 ${ms(t.p99Ms)} ms (${t.count}); completions p50 ${ms(c.p50Ms)} ms, p99 ${ms(c.p99Ms)} ms (${c.count}); failures ${failures}; control /api/app-config p50 ${ms(k.p50Ms)} ms, p99 ${ms(k.p99Ms)} ms`);
    }

    // 3. /home with 500 entries of history
    for (let i = 0; i < 50; i++) await call('GET', '/home?tz=America/Sao_Paulo', homeToken);
    const single: number[] = [];
    const homeControl: number[] = [];
    for (let i = 0; i < HOME_REQUESTS; i++) {
      let started = performance.now();
      const res = await call('GET', '/home?tz=America/Sao_Paulo', homeToken);
      if (res.status !== 200) throw new Error(`home: ${res.status} ${res.text}`);
      single.push(performance.now() - started);
      started = performance.now();
      await fetch(`${base}/app-config`).then((r) => r.text());
      homeControl.push(performance.now() - started);
    }
    const concurrent: number[] = [];
    await Promise.all(
      Array.from({ length: HOME_CONCURRENCY }, async () => {
        for (let i = 0; i < HOME_REQUESTS / HOME_CONCURRENCY; i++) {
          const started = performance.now();
          await call('GET', '/home?tz=America/Sao_Paulo', homeToken);
          concurrent.push(performance.now() - started);
        }
      }),
    );
    const homeSingle = figures(single);
    const homeConcurrent = figures(concurrent);
    out(`/home (${HISTORY} history): p50 ${ms(homeSingle.p50Ms)} ms, p99 ${ms(homeSingle.p99Ms)} ms; ${HOME_CONCURRENCY} clients p99 ${ms(homeConcurrent.p99Ms)} ms`);

    const result: LearningBenchResult = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
      load: loadavg()[0] ?? 0,
      postgres,
      import: { first: { events: first.events, ms: firstMs }, second: { events: second.events, ms: secondMs } },
      learners: LEARNERS,
      phases,
      home: { history: HISTORY, single: homeSingle, concurrent: homeConcurrent, concurrency: HOME_CONCURRENCY, control: figures(homeControl) },
      targets: {
        ticksP99: phases[0]!.ticks.p99Ms < 30,
        completionsP99: phases[0]!.completions.p99Ms < 30,
        stressTicksP99: phases[1]!.ticks.p99Ms < 30,
        stressCompletionsP99: phases[1]!.completions.p99Ms < 30,
        homeP99: homeSingle.p99Ms < 20,
        secondImportWritesNothing: second.events === 0,
      },
    };
    if (reportFile) {
      writeSection(reportFile, 'Learning', section(result));
      out(`written to ${reportFile}`);
    }
    return result;
  } finally {
    if (server) {
      const s = server;
      s.kill('SIGTERM');
      await new Promise((r) => (s.exitCode !== null ? r(null) : s.once('exit', r)));
    }
    await store.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

/** The API as this benchmark runs it, in its own process, announcing its port on stdout. */
async function serve(): Promise<void> {
  await import('reflect-metadata');
  const { createApp, createInfrastructure, parseConfig } = await import('@portal/api');
  const config = parseConfig(process.env);
  const database = await createDatabase({ url: config.databaseUrl!, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) });
  const infra = await createInfrastructure(config, { database });
  const app = await createApp(config, infra, { logs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

if (process.argv.includes('--server')) await serve();
else if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLearning({ url: process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
}
