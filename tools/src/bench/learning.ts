import { latencyHead, latencyRow, p99Spread, writeSection } from './report.js';
import { during, figures, leanGet, leanRequest, mark, median, ms, perRun, repeatRuns, reportFileOf, runtimeLine, scratchDatabase, startBenchApi, summarize, type BenchApi, type LatencyFigures, type Measured, type RuntimeWindow, type Summary } from './harness.js';
/**
 * Learning benchmark, through the whole API (HTTP on a real socket, one API process on a Postgres
 * server, projections running; the load generator is this process on the same machine):
 *   1. importing the demo pack twice: the second import must write no event;
 *   2. progress ticks and completions from 200 concurrent simulated learners: p99 < 30 ms;
 *   3. GET /api/home for a learner with 500 entries of history: p99 < 20 ms.
 * Each latency is the median of three runs (each on its own database and API process), with its
 * spread and the API's event-loop delay and GC pauses beside it.
 * Writes the "## Learning" section of docs/benchmarks.md.
 *
 *   npm run bench -- learning            (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local server)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase } from '@portal/database';
import { createEventStore, checkpointToString, type Checkpoint } from '@portal/eventstore';
import { fixedClock, newId, systemClock } from '@portal/kernel';
import { TokenService } from '@portal/platform';
import { importContentPack, resolveContentDir } from '@portal/learning/application';
import { progressStream, type ProgressEvent } from '@portal/learning/contracts';
import { packWithVideoStations } from './video-pack.js';

export type { LatencyFigures };

/** One run: its own database and API process. */
interface LearningRun {
  postgres: string;
  import: { first: { events: number; ms: number }; second: { events: number; ms: number } };
  phases: { name: string; seconds: number; writesPerSecond: number; ticks: Measured; completions: Measured; failures: number; control: Measured }[];
  home: { single: Measured; concurrent: Measured; afterWrite: Measured; control: Measured; settledAfterMs: number };
}

export interface LearningBenchResult {
  date: string;
  machine: string;
  load: number;
  postgres: string;
  runs: LearningRun[];
  learners: number;
  phases: { name: string; writesPerSecond: number; ticks: Summary; completions: Summary; failures: number; control: Summary }[];
  home: { history: number; single: Summary; concurrent: Summary; afterWrite: Summary; concurrency: number; control: Summary; settledAfterMs: number };
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


function section(r: LearningBenchResult): string {
  const row = latencyRow;
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
    `${r.runs.length} runs, each on its own database and API process.`,
    '',
    ...latencyHead(r.runs.length),
    ...r.phases.flatMap((p) => [
      row(`progress tick (play, progress), ${p.name}`, p.ticks),
      row(`completion (end), ${p.name}`, p.completions),
      row(`control: GET /api/app-config during that run`, p.control),
    ]),
    row(`GET /api/home, ${r.home.history} entries of history, one client`, r.home.single),
    row(`GET /api/home, same learner, ${r.home.concurrency} clients at once`, r.home.concurrent),
    row('GET /api/home right after the learner\'s own write (x-min-position; read from the database)', r.home.afterWrite),
    row('control: GET /api/app-config, alternating with the one-client /home calls', r.home.control),
    '',
    '| check | result | target |',
    '|---|---|---|',
    `| progress ticks p99, ${r.phases[0]!.name} | ${p99Spread(r.phases[0]!.ticks)} ms | < 30 ms: ${mark(r.targets.ticksP99)} |`,
    `| completions p99, ${r.phases[0]!.name} | ${p99Spread(r.phases[0]!.completions)} ms | < 30 ms: ${mark(r.targets.completionsP99)} |`,
    `| progress ticks p99, ${r.phases[1]!.name} | ${p99Spread(r.phases[1]!.ticks)} ms | < 30 ms: ${mark(r.targets.stressTicksP99)} |`,
    `| completions p99, ${r.phases[1]!.name} | ${p99Spread(r.phases[1]!.completions)} ms | < 30 ms: ${mark(r.targets.stressCompletionsP99)} |`,
    `| failed progress writes, all runs | ${r.phases.reduce((n, p) => n + p.failures, 0)} | 0 |`,
    `| /home p99 (one client) | ${p99Spread(r.home.single)} ms | < 20 ms: ${mark(r.targets.homeP99)} |`,
    `| /home p99 right after the learner's own write | ${p99Spread(r.home.afterWrite)} ms | no target: includes waiting for the read models to apply the write |`,
    `| demo pack, first import, each run | ${perRun(r.runs.map((run) => run.import.first.events))} events in ${r.runs.map((run) => ms(run.import.first.ms)).join(', ')} ms | |`,
    `| demo pack, second import, each run | ${perRun(r.runs.map((run) => run.import.second.events))} events in ${r.runs.map((run) => ms(run.import.second.ms)).join(', ')} ms | 0 events: ${mark(r.targets.secondImportWritesNothing)} |`,
    '',
    'The control row is GET /api/app-config (no database, no learning code) measured during each run: what',
    'the machine and the HTTP stack add to every call at that moment.',
    '',
    'Where the time goes. A progress write is one append at the revision the learner\'s folded stream state has in memory',
    "(the stream is read only after a conflict; docs/adr/0021-progress-streams-and-ticks.md); /home is one statement that",
    "returns the learner's feed rows and visits as one JSON value, joined in memory with the catalogue (docs/adr/0023-feeds.md);",
    "a learner's rows stay in memory until that learner's next event is applied (docs/adr/0028-learner-facts-in-memory.md), so",
    'the one-client rows read memory and the after-a-write row reads the database;',
    'the learning read models fold a batch in memory and write each touched row once. An append wakes only the projection',
    `runners that handle its event types. The /home rows start once every projection reports lag 0 on /api/health (${ms(r.home.settledAfterMs)} ms, median,`,
    'after the learners stopped), so they measure /home, not the backlog of the stress run; the whole API, Postgres and the load generator share',
    "two cores, here with other work running (see the load average and the control rows: when the control's p99 is far above",
    'its p50, the tail of every row is the machine\'s). Every row is timed with a lean client (`leanRequest`, harness.ts:',
    'it counts the compressed bytes and keeps nothing; one connection per learner), asking for brotli as a browser does: with',
    "fetch, the load generator decompressed and decoded every answer and its own GC pauses (up to 32 ms) landed on the",
    'calls it timed. The /home rows moved to it in the fourth session of 2026-11-25, the progress and control rows in the fifth;',
    'figures from before were taken with fetch.',
  ].join('\n');
}


export async function benchLearning(opts: { url: string; out?: (line: string) => void; reportFile?: string | null }): Promise<LearningBenchResult> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const reportFile = reportFileOf(opts.reportFile);
  const runs = await repeatRuns(out, () => learningRun(opts.url, out));
  const phases = PHASES.map((phase, i) => {
    const of = runs.map((run) => run.phases[i]!);
    return {
      name: phase.name,
      writesPerSecond: median(of.map((p) => p.writesPerSecond)),
      ticks: summarize(of.map((p) => p.ticks)),
      completions: summarize(of.map((p) => p.completions)),
      failures: of.reduce((n, p) => n + p.failures, 0),
      control: summarize(of.map((p) => p.control)),
    };
  });
  const home = (pick: (h: LearningRun['home']) => Measured) => summarize(runs.map((run) => pick(run.home)));
  const result: LearningBenchResult = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
    load: loadavg()[0] ?? 0,
    postgres: runs[0]!.postgres,
    runs,
    learners: LEARNERS,
    phases,
    home: {
      history: HISTORY,
      single: home((h) => h.single),
      concurrent: home((h) => h.concurrent),
      afterWrite: home((h) => h.afterWrite),
      control: home((h) => h.control),
      concurrency: HOME_CONCURRENCY,
      settledAfterMs: median(runs.map((run) => run.home.settledAfterMs)),
    },
    targets: {
      ticksP99: phases[0]!.ticks.p99Ms < 30,
      completionsP99: phases[0]!.completions.p99Ms < 30,
      stressTicksP99: phases[1]!.ticks.p99Ms < 30,
      stressCompletionsP99: phases[1]!.completions.p99Ms < 30,
      homeP99: home((h) => h.single).p99Ms < 20,
      secondImportWritesNothing: runs.every((run) => run.import.second.events === 0),
    },
  };
  out(`over ${runs.length} runs: ${phases.map((p) => `${p.name}: ticks p99 ${p99Spread(p.ticks)} ms, completions p99 ${p99Spread(p.completions)} ms`).join('; ')}; /home p99 ${p99Spread(result.home.single)} ms`);
  if (reportFile) {
    writeSection(reportFile, 'Learning', section(result));
    out(`written to ${reportFile}`);
  }
  return result;
}

/** One run: its own scratch database and API process. */
async function learningRun(url: string, out: (line: string) => void): Promise<LearningRun> {
  const scratch = await scratchDatabase(url, SCRATCH_DB);
  const { postgres } = scratch;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-learning-'));
  const database = await createDatabase({ url: scratch.url, poolSize: 8 });
  const store = createEventStore({ database });
  await store.migrate();
  let api: BenchApi | null = null;
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
    await importContentPack(store, systemClock, { file: packWithVideoStations(join(dataDir, 'pack'), { prefix: 'bench', stations: 50, entries: 10, seconds: MEDIA_SECONDS, listingFrom: 100 }) });

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
    api = await startBenchApi({
      databaseUrl: scratch.url,
      dataDir,
      jwtSecret: JWT_SECRET,
    });
    const base = api.base;
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
      return { status: res.status, text, position: res.headers.get('x-event-position') };
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
    const phases: LearningRun['phases'] = [];
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
            const res = await leanRequest('POST', `${base}/user-store/station/${station}/${entry}`, { authorization: `Bearer ${token}` }, { event, playSessionId: session, seconds: position, duration: MEDIA_SECONDS });
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
          await leanGet(`${base}/app-config`);
          if (measuring) control.push(performance.now() - started);
          await sleep(100);
        }
      };
      const began = performance.now();
      const window: { opened: Promise<RuntimeWindow> | null } = { opened: null };
      const timer = setTimeout(() => {
        measuring = true;
        window.opened = api!.window();
      }, phase.warmupMs);
      const end = began + phase.warmupMs + phase.measuredMs;
      await Promise.all([probe(end), ...learners.map((token, n) => learner(token, n * 13 + phases.length * 7, end))]);
      clearTimeout(timer);
      if (!window.opened) throw new Error(`${phase.name}: the measured part never started`);
      const runtime = await (await window.opened).close();
      out(`${phase.name}: ${runtimeLine(runtime)}`);
      const seconds = (performance.now() - began - phase.warmupMs) / 1000;
      const t = figures(ticks);
      const c = figures(completions);
      const k = figures(control);
      phases.push({ name: phase.name, seconds, writesPerSecond: (t.count + c.count) / seconds, ticks: { latency: t, runtime }, completions: { latency: c, runtime }, failures, control: { latency: k, runtime } });
      out(`${LEARNERS} learners, ${phase.name}: ${((t.count + c.count) / seconds).toFixed(0)} writes/s; ticks p50 ${ms(t.p50Ms)} ms, p99 ${ms(t.p99Ms)} ms (${t.count}); completions p50 ${ms(c.p50Ms)} ms, p99 ${ms(c.p99Ms)} ms (${c.count}); failures ${failures}; control /api/app-config p50 ${ms(k.p50Ms)} ms, p99 ${ms(k.p99Ms)} ms`);
    }

    // 3. /home with 500 entries of history, once the projections have applied what the learners
    // wrote (a backlog being applied is other work on the same cores, measured in the phases above)
    const settleStarted = performance.now();
    for (let settled = false; !settled && performance.now() - settleStarted < 60_000; ) {
      const health = JSON.parse((await call('GET', '/health', homeToken)).text) as { projections: Array<{ lag: number }> };
      settled = health.projections.every((p) => p.lag === 0);
      if (!settled) await sleep(250);
    }
    const settleMs = performance.now() - settleStarted;
    out(`projections settled ${ms(settleMs)} ms after the learners stopped`);
    for (let i = 0; i < 50; i++) await call('GET', '/home?tz=America/Sao_Paulo', homeToken);
    const auth = { authorization: `Bearer ${homeToken}` };
    const single: number[] = [];
    const homeControl: number[] = [];
    const singleRun = await during(api, async () => {
      for (let i = 0; i < HOME_REQUESTS; i++) {
        let started = performance.now();
        const res = await leanGet(`${base}/home?tz=America/Sao_Paulo`, auth);
        if (res.status !== 200) throw new Error(`home: ${res.status}`);
        single.push(performance.now() - started);
        started = performance.now();
        await leanGet(`${base}/app-config`);
        homeControl.push(performance.now() - started);
      }
    });
    const concurrent: number[] = [];
    const concurrentRun = await during(api, () =>
      Promise.all(
        Array.from({ length: HOME_CONCURRENCY }, async () => {
          for (let i = 0; i < HOME_REQUESTS / HOME_CONCURRENCY; i++) {
            const started = performance.now();
            const res = await leanGet(`${base}/home?tz=America/Sao_Paulo`, auth);
            if (res.status !== 200) throw new Error(`home, ${HOME_CONCURRENCY} clients: ${res.status}`);
            concurrent.push(performance.now() - started);
          }
        }),
      ),
    );
    // the learner's own write first (a bookmark on, then off), then /home waiting for it: the read
    // the SPA makes after an action, which cannot be answered from the rows kept in memory
    const afterWrite: number[] = [];
    const afterWriteRun = await during(api, async () => {
      for (let i = 0; i < HOME_REQUESTS / 2; i++) {
        const written = await call('POST', '/user-store/station/bench-0/bench-0-1', homeToken, { event: 'bookmark', value: i % 2 === 0 });
        if (written.status !== 200 || !written.position) throw new Error(`bookmark: ${written.status} ${written.text}`);
        const started = performance.now();
        const res = await leanGet(`${base}/home?tz=America/Sao_Paulo`, { ...auth, 'x-min-position': written.position });
        if (res.status !== 200) throw new Error(`home after a write: ${res.status}`);
        afterWrite.push(performance.now() - started);
      }
    });
    const homeSingle = figures(single);
    const homeConcurrent = figures(concurrent);
    out(`/home, one client: ${runtimeLine(singleRun.runtime)}`);
    out(`/home (${HISTORY} history): p50 ${ms(homeSingle.p50Ms)} ms, p99 ${ms(homeSingle.p99Ms)} ms; ${HOME_CONCURRENCY} clients p99 ${ms(homeConcurrent.p99Ms)} ms; after the learner's own write p50 ${ms(figures(afterWrite).p50Ms)} ms, p99 ${ms(figures(afterWrite).p99Ms)} ms`);

    return {
      postgres,
      import: { first: { events: first.events, ms: firstMs }, second: { events: second.events, ms: secondMs } },
      phases,
      home: {
        single: { latency: homeSingle, runtime: singleRun.runtime },
        concurrent: { latency: homeConcurrent, runtime: concurrentRun.runtime },
        afterWrite: { latency: figures(afterWrite), runtime: afterWriteRun.runtime },
        control: { latency: figures(homeControl), runtime: singleRun.runtime },
        settledAfterMs: settleMs,
      },
    };
  } finally {
    await api?.stop();
    await store.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLearning({ url: process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
}
