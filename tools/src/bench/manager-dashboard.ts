import { latencyHead, latencyRow, p99Spread, writeSection } from './report.js';
import { during, figures, mark, ms, perRun, repeatRuns, reportFileOf, runtimeLine, scratchDatabase, startBenchApi, summarize, type BenchApi, type Measured, type Summary } from './harness.js';
/**
 * Manager dashboard benchmark (issue 14), on a Postgres server:
 *
 * 1. A log of 100,000 users over 50 companies (BENCH_DASHBOARD_USERS, BENCH_DASHBOARD_COMPANIES):
 *    each user's AccessGranted names their company; four users in five learned (two completions
 *    and two answers each, spread over the last twelve weeks, a station completed by one in
 *    three, a crop certificate by one in ten), the fifth never started. Inserted with set-based
 *    SQL, then the manager-dashboard read model is built from the log (events/s reported).
 * 2. GET /api/manager/dashboard through the whole API (HTTP on a real socket, one API process,
 *    every projection caught up first): 20 concurrent managers, each a company_manager of one
 *    company (two of them manage_all_companies holders choosing a company at random), one call
 *    every 0.5-1.5 s (a manager moving between screens and companies: the target's row), then
 *    back to back. Target: p99 <= 100 ms, the median of the runs (each its own API process on
 *    the same database). Check: a company's learner figures equal the generator's.
 *
 * Writes the "## Manager dashboard" section of docs/benchmarks.md.
 *
 *   npm run bench -- manager-dashboard
 *   npm run bench -- manager-dashboard --smoke     (1,000 users over 5 companies, nothing written)
 */
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createDatabase, query } from '@portal/database';
import { createEventStore } from '@portal/eventstore';
import { newId, systemClock } from '@portal/kernel';
import { TokenService } from '@portal/platform';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { importContentPack, readPack } from '@portal/learning/application';
import { managerDashboardProjection } from '@portal/projection-manager-dashboard';
import { managerDashboardSchema } from '@portal/reporting/contracts';

const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const SCRATCH = 'bench_manager_dashboard';
const MANAGERS = 20;
const ALL_COMPANIES_MANAGERS = 2;
const THINK_MS = [500, 1500] as const;
const P99_TARGET_MS = 100;
const here = dirname(fileURLToPath(import.meta.url));
const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** The generator, in one place for SQL and for the expected figures: user i (1-based). */
/** Company ids are uuids, as the manager area's contracts require (deterministic: company n). */
const benchCompany = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const companyOf = (i: number, companies: number) => benchCompany(i % companies);
const learned = (i: number) => i % 5 !== 0;

interface Run {
  settleSeconds: number;
  paced: Measured;
  backToBack: Measured;
  failures: number;
}

export interface ManagerDashboardBenchResult {
  date: string;
  machine: string;
  postgres: string;
  loadBefore: number;
  loadAfter: number;
  users: number;
  companies: number;
  events: number;
  generateSeconds: number;
  buildSeconds: number;
  buildEventsPerSecond: number;
  runs: Run[];
  paced: Summary;
  backToBack: Summary;
  figuresRight: boolean;
  targets: { p99: boolean; noFailures: boolean; figures: boolean };
}

function section(r: ManagerDashboardBenchResult): string {
  return [
    '## Manager dashboard',
    '',
    `\`npm run bench -- manager-dashboard\` (tools/src/bench/manager-dashboard.ts), ${r.date}. ${r.machine}; ${r.postgres}; load average ${r.loadBefore.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after (the machine is shared: anything above ~2 is other work, and latencies move with it).`,
    '',
    `**The log.** ${int(r.users)} users over ${r.companies} companies (AccessGranted with the company); four in five learned (two completions and two`,
    'answers each over the last twelve weeks, a station completed by one in three, a crop certificate by one in ten), the fifth never',
    `started: ${int(r.events)} events inserted with set-based SQL in ${r.generateSeconds.toFixed(1)} s, then the manager-dashboard read model built from the log in`,
    `${r.buildSeconds.toFixed(1)} s (**${int(r.buildEventsPerSecond)} events/s**, pages of 10,000 events).`,
    '',
    `**The dashboard.** GET /api/manager/dashboard through the HTTP API on a real socket (one API process; every projection caught up first), ${MANAGERS}`,
    `concurrent managers, each of one company (${ALL_COMPANIES_MANAGERS} of them manage_all_companies holders choosing a company at random), one call every`,
    `${THINK_MS[0] / 1000}-${THINK_MS[1] / 1000} s (the target's row), then back to back. ${r.runs.length} runs, each its own API process on the same database.`,
    'A dashboard is six indexed reads of its company\'s sums (a dozen weeks, thirty days, the crops and the stations), whatever',
    'the company\'s size: the figures are added up when the events arrive, not when the dashboard is asked (ADR 0053).',
    '',
    ...latencyHead(r.runs.length),
    latencyRow(`GET /api/manager/dashboard, ${MANAGERS} managers, ${THINK_MS[0] / 1000}-${THINK_MS[1] / 1000} s between calls`, r.paced),
    latencyRow(`same, ${MANAGERS} managers back to back`, r.backToBack),
    '',
    '| check | result | target |',
    '|---|---|---|',
    `| dashboard p99 (paced; median of ${r.runs.length} runs, min to max) | ${p99Spread(r.paced)} ms | <= ${P99_TARGET_MS} ms: ${mark(r.targets.p99)} |`,
    `| failed calls, each run | ${perRun(r.runs.map((run) => run.failures))} | 0: ${mark(r.targets.noFailures)} |`,
    `| a company's learners and never-started figures equal the generator's | ${r.figuresRight ? 'yes' : 'no'} | yes: ${mark(r.targets.figures)} |`,
    `| manager-dashboard build from the log | ${int(r.buildEventsPerSecond)} events/s | no target |`,
    '',
  ].join('\n');
}

/** Every event of the log, one INSERT ... SELECT per kind, in the contracts' shapes. */
async function generate(database: Awaited<ReturnType<typeof createDatabase>>, users: number, companies: number, details: string[], crops: string[]): Promise<void> {
  const db = database.db;
  const metadata = `jsonb_build_object('eventId', gen_random_uuid(), 'correlationId', 'bench', 'causationId', null, 'actor', 'system', 'origin', 'cli', 'schemaVersion', 1, 'clientTime', null)`;
  const insert = (select: string, params: unknown[]) =>
    query(db, `insert into es_events (stream_id, revision, event_id, type, schema_version, data, metadata, hash) select stream_id, revision, gen_random_uuid(), type, 1, data, ${metadata}, 'bench' from (${select}) g`, params);
  await insert(
    `select 'identity.company-00000000-0000-4000-8000-' || lpad(c::text, 12, '0') as stream_id, 0 as revision, 'CompanyRegistered' as type,
            jsonb_build_object('companyId', '00000000-0000-4000-8000-' || lpad(c::text, 12, '0'), 'name', 'Company ' || lpad(c::text, 3, '0'), 'businessCode', 'B' || c, 'phone', null, 'contactEmail', null,
                               'contactName', null, 'contactPhone', null, 'domains', '[]'::jsonb, 'registeredAt', now() - interval '200 days') as data
     from generate_series(0, $1::int - 1) c`,
    [companies],
  );
  const chunk = 10_000;
  for (let from = 1; from <= users; from += chunk) {
    const to = Math.min(users, from + chunk - 1);
    await insert(
      `select 'identity.user-bench-' || i as stream_id, 0 as revision, 'AccessGranted' as type,
              jsonb_build_object('userId', 'bench-' || i, 'roles', '["learner"]'::jsonb, 'permissions', '[]'::jsonb, 'aclTags', '["dist:all"]'::jsonb,
                                 'companyId', '00000000-0000-4000-8000-' || lpad((i % $3::int)::text, 12, '0'), 'allowedStations', 'all', 'grantedAt', now() - interval '150 days') as data
       from generate_series($1::int, $2::int) i order by i`,
      [from, to, companies],
    );
    // two completions and two answers per learner (k = 0, 1), each on its own day of the last 84
    await insert(
      `select 'bench.activity-' || i as stream_id, k * 10 + e.n as revision, e.type, case e.type
         when 'MediaCompleted' then jsonb_build_object('actor', 'bench-' || i, 'stationId', st, 'entryId', st || '-bench-' || k, 'entryType', 'video',
                                                       'playSessionId', null, 'duration', 60, 'via', 'end', 'completedAt', at)
         when 'AnswerSubmitted' then jsonb_build_object('rowId', gen_random_uuid(), 'actor', 'bench-' || i, 'questionId', 'bench-q' || ((i + k) % 50), 'answerId', 'a1',
                                                        'isCorrect', true, 'score', 10, 'countsForScore', true, 'postQuestionId', null, 'postAnswerId', null, 'postIsCorrect', null,
                                                        'postScore', 0, 'postCountsForScore', false, 'points', 10, 'secondsToAnswer', 3.5, 'context', 'station', 'origin', 'web',
                                                        'questionRevision', 1, 'postQuestionRevision', null, 'stationId', st, 'entryId', null, 'attempt', 1, 'answeredAt', at)
         when 'StationMediaCompleted' then jsonb_build_object('actor', 'bench-' || i, 'stationId', st, 'entryIds', jsonb_build_array(st || '-bench-' || k), 'completedAt', at)
         else jsonb_build_object('certificateId', gen_random_uuid(), 'ruleId', 'cert-' || crop, 'ruleRevision', 1, 'cropId', crop, 'userId', 'bench-' || i, 'holderName', null,
                                 'lang', 'pt-BR', 'title', jsonb_build_object('pt-BR', crop, 'es', crop, 'en', crop), 'rules', '[]'::jsonb, 'issuedAt', at)
       end as data
       from generate_series($1::int, $2::int) i, generate_series(0, 1) k,
            lateral (select $3::text[] as details, $4::text[] as crops) s,
            lateral (select s.details[1 + (i + k) % array_length(s.details, 1)] as st, s.crops[1 + (i + k) % array_length(s.crops, 1)] as crop,
                            now() - make_interval(days => (i * 7 + k * 11) % 84, hours => i % 24) as at) x,
            lateral (values (0, 'MediaCompleted'), (1, 'AnswerSubmitted'), (2, 'StationMediaCompleted'), (3, 'CertificateIssued')) e(n, type)
       where i % 5 <> 0 and (e.n < 2 or (e.n = 2 and (i + k) % 3 = 0) or (e.n = 3 and k = 0 and i % 10 = 1))
       order by i, k, e.n`,
      [from, to, details, crops],
    );
  }
  // fresh statistics, as autovacuum keeps them on a live table
  await query(db, 'analyze es_events');
}

async function measureRun(databaseUrl: string, users: number, companies: number, seconds: number, out: (l: string) => void): Promise<{ run: Run; sample: unknown }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
  const started = performance.now();
  const api = await startBenchApi({ databaseUrl, dataDir, jwtSecret: JWT_SECRET, env: { BOOKING_EXPIRY_SWEEP_SECONDS: '0', CERTIFICATE_ISSUER: 'off' } });
  try {
    const tokens = new TokenService(JWT_SECRET, 3600);
    const token = (companyId: string | null, all: boolean) =>
      tokens.issue({ sub: newId(), sid: newId(), email: `${newId()}@bench.example`, roles: ['company_manager'], permissions: all ? ['manage_all_companies'] : ['view_manager_dashboard'], aclTags: [], companyId, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true });
    const managers = await Promise.all(Array.from({ length: MANAGERS }, async (_, n) => ({ all: n < ALL_COMPANIES_MANAGERS, token: await token(benchCompany(n % companies), n < ALL_COMPANIES_MANAGERS) })));
    // every projection caught up with the generated log before anything is measured
    await waitForProjections(api, managers[0]!.token, out);
    const settleSeconds = (performance.now() - started) / 1000;
    const call = async (m: { all: boolean; token: string }) => {
      const url = m.all ? `${api.base}/manager/dashboard?companyId=${benchCompany(Math.floor(Math.random() * companies))}` : `${api.base}/manager/dashboard`;
      const t0 = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${m.token}` } });
      await res.arrayBuffer();
      return { ms: performance.now() - t0, ok: res.status === 200 };
    };
    // warm-up (JIT, pools, the planner's caches): not counted
    for (const m of managers) await call(m);
    const pause = (min: number, max: number) => new Promise((r) => setTimeout(r, min + Math.random() * (max - min)));
    const phase = (think: readonly [number, number] | null) =>
      Promise.all(
        managers.map(async (m) => {
          const results: { ms: number; ok: boolean }[] = [];
          const end = performance.now() + seconds * 1000;
          if (think) await pause(0, think[1]);
          while (performance.now() < end) {
            results.push(await call(m));
            if (think) await pause(...think);
          }
          return results;
        }),
      );
    const paced = await during(api, () => phase(THINK_MS));
    out(`paced: ${runtimeLine(paced.runtime)}`);
    const backToBack = await during(api, () => phase(null));
    out(`back to back: ${runtimeLine(backToBack.runtime)}`);
    const all = [...paced.value.flat(), ...backToBack.value.flat()];
    const sample = await (await fetch(`${api.base}/manager/dashboard?companyId=${benchCompany(1)}`, { headers: { authorization: `Bearer ${managers[0]!.token}` } })).json();
    const run: Run = {
      settleSeconds,
      paced: { latency: figures(paced.value.flat().map((r) => r.ms)), runtime: paced.runtime },
      backToBack: { latency: figures(backToBack.value.flat().map((r) => r.ms)), runtime: backToBack.runtime },
      failures: all.filter((r) => !r.ok).length,
    };
    out(`dashboard: paced p50 ${ms(run.paced.latency.p50Ms)} p99 ${ms(run.paced.latency.p99Ms)} ms (${run.paced.latency.count} calls); back to back p99 ${ms(run.backToBack.latency.p99Ms)} ms; ${run.failures} failures; settled in ${settleSeconds.toFixed(1)} s`);
    return { run, sample };
  } finally {
    await api.stop();
  }
}

/** Polls /api/health until every projection reports lag 0 (the API builds the read models it has not built yet from the log). */
async function waitForProjections(api: BenchApi, token: string, out: (l: string) => void): Promise<void> {
  const deadline = performance.now() + 60 * 60_000;
  let last = 0;
  for (;;) {
    const health = (await (await fetch(`${api.base}/health`, { headers: { authorization: `Bearer ${token}` } })).json()) as { projections: { name: string; lag: number }[] };
    const behind = health.projections.filter((p) => p.lag !== 0);
    if (behind.length === 0) return;
    if (performance.now() > deadline) throw new Error(`projections still behind after an hour: ${behind.map((p) => p.name).join(', ')}`);
    if (performance.now() - last > 15_000) {
      last = performance.now();
      out(`  waiting for ${behind.map((p) => `${p.name} (${p.lag >= 1000 ? '1000+' : p.lag})`).join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface ManagerDashboardBenchOptions {
  url: string;
  users?: number;
  companies?: number;
  /** measured seconds per phase */
  seconds?: number;
  out?: (line: string) => void;
  reportFile?: string | null;
}

export async function benchManagerDashboard(opts: ManagerDashboardBenchOptions): Promise<ManagerDashboardBenchResult> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const reportFile = reportFileOf(opts.reportFile);
  const users = opts.users ?? Number(process.env.BENCH_DASHBOARD_USERS ?? 100_000);
  const companies = opts.companies ?? Number(process.env.BENCH_DASHBOARD_COMPANIES ?? 50);
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 30);
  const loadBefore = loadavg()[0]!;
  const scratch = await scratchDatabase(opts.url, SCRATCH);
  const database = await createDatabase({ url: scratch.url, poolSize: 4 });
  const store = createEventStore({ database });
  try {
    await store.migrate();
    await importContentPack(store, systemClock);
    const pack = readPack(join(here, '../../../content/pack.json'));
    const details = pack.stations.filter((s) => s.type === 'Detail' && s.parent && s.entries.length > 0);
    out(`generating ${int(users)} users over ${companies} companies...`);
    const t0 = performance.now();
    await generate(
      database,
      users,
      companies,
      details.map((s) => s.stationId),
      details.map((s) => s.parent!),
    );
    const generateSeconds = (performance.now() - t0) / 1000;
    const events = Number((await query<{ n: string }>(database.db, 'select count(*) as n from es_events'))[0]!.n);
    out(`${int(events)} events in ${generateSeconds.toFixed(1)} s; building manager-dashboard...`);
    const runtime = new ProjectionRuntime(database, store, [managerDashboardProjection], { run: false, batchSize: 2500 });
    await runtime.start();
    const t1 = performance.now();
    const built = await runtime.rebuild('manager-dashboard');
    const buildSeconds = (performance.now() - t1) / 1000;
    await runtime.stop();
    out(`built from ${int(built.events)} events in ${buildSeconds.toFixed(1)} s (${int(built.events / buildSeconds)}/s)`);

    const measured = await repeatRuns(out, () => measureRun(scratch.url, users, companies, seconds, out));
    const runs = measured.map((m) => m.run);
    // company 1: users i with i % companies == 1; never started: those with i % 5 == 0
    const members = Array.from({ length: users }, (_, n) => n + 1).filter((i) => companyOf(i, companies) === benchCompany(1));
    const sample = managerDashboardSchema.safeParse(measured[0]?.sample);
    const figuresRight = sample.success && sample.data.learners.total.value === members.length && sample.data.learners.neverStarted.value === members.filter((i) => !learned(i)).length;
    const paced = summarize(runs.map((r) => r.paced));
    const backToBack = summarize(runs.map((r) => r.backToBack));
    const result: ManagerDashboardBenchResult = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
      postgres: scratch.postgres,
      loadBefore,
      loadAfter: loadavg()[0]!,
      users,
      companies,
      events,
      generateSeconds,
      buildSeconds,
      buildEventsPerSecond: built.events / buildSeconds,
      runs,
      paced,
      backToBack,
      figuresRight,
      targets: { p99: paced.p99Ms <= P99_TARGET_MS, noFailures: runs.every((r) => r.failures === 0), figures: figuresRight },
    };
    out(`dashboard over ${runs.length} runs: paced p50 ${ms(paced.p50Ms)} ms, p99 ${p99Spread(paced)} ms (back to back p99 ${p99Spread(backToBack)} ms); figures right: ${figuresRight}`);
    if (reportFile) writeSection(reportFile, 'Manager dashboard', section(result));
    return result;
  } finally {
    await store.close();
    await database.close();
    await scratch.drop();
  }
}
