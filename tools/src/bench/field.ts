import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase } from '@portal/database';
import { createEventStore } from '@portal/eventstore';
import { newId, systemClock } from '@portal/kernel';
import { TokenService } from '@portal/platform';
import { importContentPack } from '@portal/learning/application';
import { packWithVideoStations } from './video-pack.js';
import { figures, leanRequest, mark, ms, scratchDatabase, startBenchApi, type BenchApi, type LatencyFigures } from './harness.js';
import { writeSection } from './report.js';
import { reportFileOf } from './harness.js';

/**
 * Field-mode benchmark (issue 30, ADR 0093), through the whole API (HTTP on a real socket, one API
 * process on a Postgres server, projections running):
 *   200 learners, each offline for a session of 50 actions (10 videos: view, play, progress, end,
 *   bookmark, each with its Idempotency-Key and X-Client-Time), reconnect within the same 10 s and
 *   drain their outboxes in order. A fifth of them drain from two tabs at once, and one answer in
 *   twenty is "lost" and the item sent again with its key (a retry after a dropped connection).
 *   Checks: every action lands exactly once in the log (events per learner and type) and in the
 *   read models (each entry viewed, played and completed once, bookmarked); the drain time per
 *   learner (p99 <= 5 s); the p99 of online learners' calls during the storm against the same calls
 *   in a quiet window before it (<= 2x).
 * Writes the "## Field mode" section of docs/benchmarks.md.
 *
 *   npm run bench -- field        (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local server)
 */

const SCRATCH_DB = 'bench_field';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const MEDIA_SECONDS = 60;
const ENTRIES_PER_LEARNER = 10;
const ACTIONS_PER_ENTRY = 5;
const TYPES = ['ContentViewed', 'MediaStarted', 'MediaProgressed', 'MediaCompleted', 'BookmarkAdded'] as const;

interface Options {
  url: string;
  learners?: number;
  online?: number;
  reconnectSeconds?: number;
  quietSeconds?: number;
  out?: (line: string) => void;
  reportFile?: string | null;
}

export interface FieldBenchResult {
  date: string;
  machine: string;
  load: number;
  postgres: string;
  learners: number;
  actions: number;
  sent: number;
  replayed: number;
  twoTabLearners: number;
  failures: number;
  drain: LatencyFigures;
  posts: LatencyFigures;
  statuses: Record<string, number>;
  drainSeconds: number;
  control: { quiet: LatencyFigures; storm: LatencyFigures };
  quiet: LatencyFigures;
  storm: LatencyFigures;
  log: { expected: number; found: number; wrongLearners: number };
  readModels: { checked: number; wrong: number; settledMs: number };
  targets: { exactlyOnce: boolean; drainP99: boolean; onlineP99: boolean };
}

interface Action {
  url: string;
  body: Record<string, unknown>;
  key: string;
  clientTime: string;
}

/** A learner's offline session: 10 videos watched to the end and bookmarked, 30 s of client time apart. */
function outboxOf(station: string, offlineFrom: number): Action[] {
  const actions: Action[] = [];
  let at = offlineFrom;
  const item = (url: string, body: Record<string, unknown>) => {
    at += 30_000;
    actions.push({ url, body, key: newId(), clientTime: new Date(at).toISOString() });
  };
  for (let e = 0; e < ENTRIES_PER_LEARNER; e++) {
    const entry = `${station}-${e}`;
    const session = newId();
    item(`/content/view/${entry}`, {});
    item(`/user-store/station/${station}/${entry}`, { event: 'play', playSessionId: session, seconds: 0, duration: MEDIA_SECONDS });
    item(`/user-store/station/${station}/${entry}`, { event: 'pause', playSessionId: session, seconds: 30, duration: MEDIA_SECONDS });
    item(`/user-store/station/${station}/${entry}`, { event: 'end', playSessionId: session, seconds: MEDIA_SECONDS, duration: MEDIA_SECONDS });
    item(`/user-store/station/${station}/${entry}`, { event: 'bookmark', value: true });
  }
  return actions;
}

/** One POST of an outbox item; its status and whether it was a replay. */
async function post(base: string, token: string, a: Action): Promise<{ status: number; replayed: boolean; position: string | null }> {
  const res = await fetch(`${base}${a.url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': a.key, 'x-client-time': a.clientTime },
    body: JSON.stringify(a.body),
  });
  await res.arrayBuffer();
  return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', position: res.headers.get('x-event-position') };
}

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

export async function benchField(opts: Options): Promise<FieldBenchResult> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const reportFile = reportFileOf(opts.reportFile);
  const LEARNERS = opts.learners ?? Number(process.env.BENCH_LEARNERS ?? 200);
  const ONLINE = opts.online ?? 20;
  const RECONNECT_MS = (opts.reconnectSeconds ?? 10) * 1000;
  const QUIET_MS = (opts.quietSeconds ?? 10) * 1000;
  const stations = Math.max(1, Math.ceil(LEARNERS / 5));

  const scratch = await scratchDatabase(opts.url, SCRATCH_DB);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-field-'));
  const database = await createDatabase({ url: scratch.url, poolSize: 4 });
  const store = createEventStore({ database });
  await store.migrate();
  let api: BenchApi | null = null;
  try {
    // a station per five learners, and one for the online learners
    await importContentPack(store, systemClock, { file: packWithVideoStations(join(dataDir, 'pack'), { prefix: 'field', stations: stations + 1, entries: ENTRIES_PER_LEARNER, seconds: MEDIA_SECONDS, listingFrom: 200 }) });
    api = await startBenchApi({ databaseUrl: scratch.url, dataDir, jwtSecret: JWT_SECRET });
    const base = api.base;
    const tokens = new TokenService(JWT_SECRET, 3600);
    const tokenOf = (userId: string) =>
      tokens.issue({ sub: userId, sid: newId(), email: `${userId}@bench`, roles: ['learner'], permissions: [], aclTags: ['dist:all'], companyId: null, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true });
    // the catalogue read model has the bench stations once a view of the last one answers 200
    const probeToken = await tokenOf(newId());
    for (let i = 0; i < 120; i++) {
      const res = await leanRequest('GET', `${base}/stations/field-${stations}`, { authorization: `Bearer ${probeToken}` });
      if (res.status === 200) break;
      await sleep(500);
    }

    const now = Date.now();
    const learners = await Promise.all(
      Array.from({ length: LEARNERS }, async (_, i) => {
        const userId = newId();
        const station = `field-${i % stations}`;
        // offline for the last 40 minutes: 50 actions, 30 s apart
        return { userId, station, token: await tokenOf(userId), outbox: outboxOf(station, now - 40 * 60_000), twoTabs: i % 5 === 0 };
      }),
    );

    // online learners: a progress tick each, 2 a second each, on the spare station
    const online = await Promise.all(Array.from({ length: ONLINE }, async () => ({ token: await tokenOf(newId()), session: newId() })));
    const onlineLatencies: { at: number; ms: number }[] = [];
    let onlineRunning = true;
    const onlineLoop = async (o: { token: string; session: string }, n: number) => {
      await sleep(Math.random() * 500);
      let seconds = 0;
      while (onlineRunning) {
        const entry = `field-${stations}-${n % ENTRIES_PER_LEARNER}`;
        seconds = (seconds + 10) % MEDIA_SECONDS;
        const started = performance.now();
        await leanRequest('POST', `${base}/user-store/station/field-${stations}/${entry}`, { authorization: `Bearer ${o.token}` }, { event: 'progress', playSessionId: o.session, seconds: seconds + 1, duration: MEDIA_SECONDS });
        onlineLatencies.push({ at: started, ms: performance.now() - started });
        await sleep(500);
      }
    };
    // control: GET /api/app-config (no database, no learning code) 10 times a second: what the machine and the HTTP stack add
    const control: { at: number; ms: number }[] = [];
    const probe = async () => {
      while (onlineRunning) {
        const started = performance.now();
        await leanRequest('GET', `${base}/app-config`);
        control.push({ at: started, ms: performance.now() - started });
        await sleep(100);
      }
    };
    const onlineDone = Promise.all([probe(), ...online.map((o, n) => onlineLoop(o, n))]);

    // warm-up, then the quiet window
    await sleep(3_000);
    const quietFrom = performance.now();
    await sleep(QUIET_MS);
    const quietTo = performance.now();

    // the storm: every learner reconnects within RECONNECT_MS and drains in order
    let sent = 0;
    let replayed = 0;
    let failures = 0;
    const statuses = new Map<number, number>();
    const postMs: number[] = [];
    const drains: number[] = [];
    const drainTab = async (l: (typeof learners)[number]) => {
      for (const a of l.outbox) {
        for (let attempt = 0; ; attempt++) {
          sent += 1;
          const began = performance.now();
          const res = await post(base, l.token, a).catch(() => ({ status: 0, replayed: false, position: null }));
          postMs.push(performance.now() - began);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.replayed) replayed += 1;
          // retried: no answer, 503, 409 write-conflict (ADR 0081); a lost answer one time in twenty
          if (res.status === 0 || res.status === 503 || res.status === 409) {
            if (attempt > 8) {
              failures += 1;
              break;
            }
            await sleep(100 * 2 ** Math.min(attempt, 4));
            continue;
          }
          if (res.status >= 400) failures += 1;
          if (attempt === 0 && Math.random() < 0.05) continue;
          break;
        }
      }
    };
    const stormFrom = performance.now();
    await Promise.all(
      learners.map(async (l) => {
        await sleep(Math.random() * RECONNECT_MS);
        const started = performance.now();
        await Promise.all(l.twoTabs ? [drainTab(l), drainTab(l)] : [drainTab(l)]);
        drains.push(performance.now() - started);
      }),
    );
    const stormTo = performance.now();
    onlineRunning = false;
    await onlineDone;
    const inWindow = (list: { at: number; ms: number }[], from: number, to: number) => list.filter((x) => x.at >= from && x.at < to).map((x) => x.ms);
    const quiet = figures(inWindow(onlineLatencies, quietFrom, quietTo));
    const storm = figures(inWindow(onlineLatencies, stormFrom, stormTo));
    const controlQuiet = figures(inWindow(control, quietFrom, quietTo));
    const controlStorm = figures(inWindow(control, stormFrom, stormTo));
    const drain = figures(drains);
    const posts = figures(postMs);
    out(`outbox POST p50 ${ms(posts.p50Ms)} p99 ${ms(posts.p99Ms)} ms; statuses ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    out(`drain p50 ${ms(drain.p50Ms)} p99 ${ms(drain.p99Ms)} max ${ms(drain.maxMs)} ms; online p99 quiet ${ms(quiet.p99Ms)} storm ${ms(storm.p99Ms)} ms; sent ${sent}, replayed ${replayed}, failures ${failures}`);

    // exactly once in the log: per learner, 10 events of each type
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    let found = 0;
    let wrongLearners = 0;
    try {
      const { rows } = await client.query<{ actor: string; type: string; n: string }>(
        `select metadata->>'actor' as actor, type, count(*) as n from es_events where type = any($1) and metadata->>'actor' = any($2) group by 1, 2`,
        [TYPES, learners.map((l) => l.userId)],
      );
      const byLearner = new Map<string, Map<string, number>>();
      for (const r of rows) {
        found += Number(r.n);
        byLearner.set(r.actor, (byLearner.get(r.actor) ?? new Map()).set(r.type, Number(r.n)));
      }
      for (const l of learners) {
        const counts = byLearner.get(l.userId);
        if (!counts || TYPES.some((t) => counts.get(t) !== ENTRIES_PER_LEARNER)) wrongLearners += 1;
      }
    } finally {
      await client.end();
    }

    // exactly once in the read models: the station page of each learner, once the projections caught up
    const settleFrom = performance.now();
    let wrong = 0;
    let checked = 0;
    for (const l of learners) {
      for (let i = 0; ; i++) {
        const res = await fetch(`${base}/stations/${l.station}`, { headers: { authorization: `Bearer ${l.token}` } });
        const page = (await res.json()) as { entries?: { entryId: string; state?: { playCount?: number; completedCount?: number; viewsCount?: number; bookmarkAt?: string | null } }[] };
        const ok =
          res.status === 200 &&
          (page.entries ?? []).filter((e) => e.entryId.startsWith(`${l.station}-`)).length === ENTRIES_PER_LEARNER &&
          (page.entries ?? []).every((e) => !e.entryId.startsWith(`${l.station}-`) || (e.state?.playCount === 1 && e.state?.completedCount === 1 && e.state?.viewsCount === 1 && !!e.state?.bookmarkAt));
        if (ok || i >= 40) {
          checked += 1;
          if (!ok) wrong += 1;
          break;
        }
        await sleep(250);
      }
    }
    const settledMs = performance.now() - settleFrom;

    const expected = LEARNERS * ENTRIES_PER_LEARNER * TYPES.length;
    const result: FieldBenchResult = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
      load: loadavg()[0] ?? 0,
      postgres: scratch.postgres,
      learners: LEARNERS,
      actions: LEARNERS * ENTRIES_PER_LEARNER * ACTIONS_PER_ENTRY,
      sent,
      replayed,
      twoTabLearners: learners.filter((l) => l.twoTabs).length,
      failures,
      drain,
      posts,
      statuses: Object.fromEntries([...statuses].map(([k, v]) => [String(k), v])),
      drainSeconds: (stormTo - stormFrom) / 1000,
      control: { quiet: controlQuiet, storm: controlStorm },
      quiet,
      storm,
      log: { expected, found, wrongLearners },
      readModels: { checked, wrong, settledMs },
      targets: {
        exactlyOnce: found === expected && wrongLearners === 0 && wrong === 0 && failures === 0,
        drainP99: drain.p99Ms <= 5_000,
        onlineP99: storm.p99Ms <= 2 * quiet.p99Ms,
      },
    };
    out(`log: ${found} of ${expected} events, ${wrongLearners} learners off; read models: ${wrong} of ${checked} learners off (settled in ${ms(settledMs)} ms)`);
    if (reportFile) {
      writeSection(reportFile, 'Field mode', section(result));
      out(`written to ${reportFile}`);
    }
    return result;
  } finally {
    await api?.stop();
    await store.close();
    await database.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function section(r: FieldBenchResult): string {
  const row = (name: string, f: LatencyFigures) => `| ${name} | ${f.count} | ${ms(f.p50Ms)} | ${ms(f.p95Ms)} | ${ms(f.p99Ms)} | ${ms(f.maxMs)} |`;
  return [
    '## Field mode',
    '',
    `\`npm run bench -- field\` (tools/src/bench/field.ts), ${r.date}. ${r.machine}; ${r.postgres}; load average ${r.load.toFixed(1)} at the end of the run. One run.`,
    '',
    `${r.learners} learners, each offline for a session of ${r.actions / r.learners} actions (10 one-minute videos: view, play, pause at 30 s, end,`,
    'bookmark; each with its Idempotency-Key and X-Client-Time, 30 s of client time apart), reconnect within the same 10 s and',
    `drain their outboxes in order through the existing endpoints (ADR 0093). ${r.twoTabLearners} of them drain from two tabs at once, and one answer`,
    'in twenty is dropped and the item sent again with its key. Meanwhile 20 online learners send a progress tick twice a second each;',
    'their latency is compared between a quiet window of 10 s before the storm and the storm itself.',
    '',
    '| call | answers | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    row('drain of one learner\'s outbox (first send to last answer)', r.drain),
    row('one outbox item (POST with its key and client time), during the storm', r.posts),
    row('online progress tick, quiet', r.quiet),
    row('online progress tick, during the storm', r.storm),
    row('control: GET /api/app-config, quiet', r.control.quiet),
    row('control: GET /api/app-config, during the storm', r.control.storm),
    '',
    '| check | result | target |',
    '|---|---|---|',
    `| events in the log (5 types × 10 per learner) | ${r.log.found} of ${r.log.expected}; ${r.log.wrongLearners} learners off | exactly once: ${mark(r.targets.exactlyOnce)} |`,
    `| read models (each entry viewed, played, completed once, bookmarked) | ${r.readModels.wrong} of ${r.readModels.checked} learners off | 0 |`,
    `| requests sent / answered as replays / refused or failed | ${r.sent} / ${r.replayed} / ${r.failures} | 0 failed |`,
    `| drain p99 per learner | ${ms(r.drain.p99Ms)} ms | <= 5 s: ${mark(r.targets.drainP99)} |`,
    `| online p99 during the storm vs quiet | ${ms(r.storm.p99Ms)} vs ${ms(r.quiet.p99Ms)} ms | <= 2x: ${mark(r.targets.onlineP99)} |`,
    `| storm, first reconnect to last answer | ${r.drainSeconds.toFixed(1)} s (${(r.sent / r.drainSeconds).toFixed(0)} requests a second) | |`,
    `| answers by status | ${Object.entries(r.statuses).map(([k, v]) => `${k}: ${v}`).join(', ')} | |`,
    '',
    'A replay answers from the `idempotency_keys` table (one indexed read) without running the command; a second tab',
    "sending the same item while the first is running waits for that answer. The whole API, Postgres and the load generator",
    "share the machine's cores, here with other work running (see the load average and the control rows).",
    '',
    'Where the time goes (a CPU profile of the API process, `BENCH_PROFILE_DIR`, 60 learners): each outbox item is one HTTP request',
    "through the whole pipeline (Fastify's hooks: helmet, compress, cookie, middie, pino-http; the token's HMAC; Nest's guard and",
    "interceptors; the decider; the append), and about a sixth of the API's CPU was writing statements to Postgres' socket. The",
    'appends of one event-loop turn already go as one statement (the event store); the key\'s claim and its kept answer went one',
    'statement per item, and now go grouped per turn too (one statement for the claims, one for the answers: `IdempotencyStore`,',
    'dataloader). The storm puts about 12,600 requests on the API within 10 s, and the API, Postgres, the load generator and',
    "the other work on the machine share two cores: the last learners' outboxes wait behind the first ones. Compare runs by",
    'their control rows (the machine\'s load), not by their drain figures alone. What would meet the drain target: more API',
    'instances (keys and keyed event ids hold across instances) or a batch endpoint that decides a learner\'s items in one',
    'request (not built: ADR 0093 decision 9). A lane limiting catch-up items per process (tried at 4, 16 and 64 at once) kept',
    'the online p99 near its quiet figure at 4 but made the drain up to three times slower, and was not kept.',
  ].join('\n');
}
