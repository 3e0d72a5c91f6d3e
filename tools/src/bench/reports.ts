/**
 * Reports benchmark (issue 16, ADR 0070), on a Postgres server:
 *
 * 1. A log of 1,000,000 events of 10,000 learners over 50 companies (BENCH_REPORTS_LEARNERS): each
 *    learner pre-registered in a company (state, user type, group, ACL tag), 60 answers each
 *    (600,000 AnswerSubmitted, one in five a media question of an entry, retries included) and 39
 *    other events each (a type no projection reads: the log the reports skip), inserted with set-based SQL
 *    into es_events (the fast bulk path), plus the content pack's catalogue.
 * 2. The rebuild of every report projection (SERVER_REPORTS: a new report is measured
 *    automatically) from that log, together in one pass over it (`projections rebuild` with every
 *    report's name), events applied per second. Target >= 40,000 events/s.
 * 3. Through the HTTP API (one API process, every projection caught up): each report's first page
 *    with two filters (from a date, a user type) at 20 concurrent company managers, each reading a
 *    page 250-750 ms after the last answer (as the manager-users bench measures its 20 managers).
 *    Target p99 <= 100 ms. Then the same back to back (no pause: a saturation row, no target).
 * 4. The full CSV export of the answers report (every company: 600,000 rows) by a
 *    manage_all_companies holder: time (<= 20 s) and the API process's resident memory growth
 *    (< 100 MB, sampled every 100 ms from /proc).
 * 5. The answers report of one company as of the middle of the log. Target <= 3 s.
 *
 *   npm run bench -- reports
 *   npm run bench -- reports --smoke     (toy sizes, nothing written)
 *   BENCH_REPORTS_KEEP=1 npm run bench -- reports   (keeps the scratch database bench_reports)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, query, type Database } from '@portal/database';
import { createEventStore } from '@portal/eventstore';
import { newId, systemClock } from '@portal/kernel';
import { TokenService } from '@portal/platform';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { importContentPack } from '@portal/learning/application';
import { PROJECTIONS_LIST } from '@portal/api';
import { SERVER_REPORTS } from '@portal/reporting/application';
import { clientsAtWork, mark, ms, figures, leanGet, THINK_MS, reportFileOf, scratchDatabase, startBenchApi, type BenchApi, type LatencyFigures } from './harness.js';
import { writeSection } from './report.js';

const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const SCRATCH = 'bench_reports';
const MANAGERS = 20;
const TARGETS = { pageP99Ms: 100, exportSeconds: 20, exportMemoryMB: 100, rebuildEventsPerSecond: 40_000, asOfSeconds: 3 };
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const benchCompany = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const USER_TYPES = ['Farmer', 'Distributor', 'Cooperative', 'Other'];

export interface ReportsBenchOptions {
  url: string;
  learners?: number;
  companies?: number;
  answersPerLearner?: number;
  otherPerLearner?: number;
  seconds?: number;
  out?: (line: string) => void;
  reportFile?: string | null;
}

/** Every event of the log, one INSERT ... SELECT per kind, in the contracts' shapes. */
async function generate(database: Database, learners: number, companies: number, answers: number, other: number, questions: { questionId: string; stationId: string; optionIds: string[] }[], entries: { entryId: string; stationId: string }[]) {
  const db = database.db;
  const metadata = `jsonb_build_object('eventId', gen_random_uuid(), 'correlationId', 'bench', 'causationId', null, 'actor', 'system', 'origin', 'cli', 'schemaVersion', 1, 'clientTime', null)`;
  const insert = (select: string, params: unknown[]) =>
    query(db, `insert into es_events (stream_id, revision, event_id, type, schema_version, data, metadata, hash, recorded_at) select stream_id, revision, gen_random_uuid(), type, 1, data, ${metadata}, 'bench', recorded_at from (${select}) g`, params);
  await insert(
    `select 'identity.company-' || '00000000-0000-4000-8000-' || lpad(c::text, 12, '0') as stream_id, 0 as revision, 'CompanyRegistered' as type,
            jsonb_build_object('companyId', '00000000-0000-4000-8000-' || lpad(c::text, 12, '0'), 'name', 'Company ' || lpad(c::text, 3, '0'), 'businessCode', 'B' || c, 'phone', null, 'contactEmail', null,
                               'contactName', null, 'contactPhone', null, 'domains', '[]'::jsonb, 'registeredAt', now() - interval '400 days') as data, now() - interval '400 days' as recorded_at
     from generate_series(0, $1::int - 1) c`,
    [companies],
  );
  const chunk = 1000;
  const qIds = questions.map((q) => q.questionId);
  const qStations = questions.map((q) => q.stationId);
  const qOptions = questions.map((q) => q.optionIds[0]!);
  for (let from = 1; from <= learners; from += chunk) {
    const to = Math.min(learners, from + chunk - 1);
    await insert(
      `select 'identity.user-bench-' || i as stream_id, 0 as revision, 'UserPreRegistered' as type,
              jsonb_build_object('userId', 'bench-' || i, 'email', 'bench-' || i || '@bench.example',
                'details', jsonb_build_object('name', 'Learner ' || i, 'country', 'BR', 'state', (array['PR','SP','MT','GO'])[1 + i % 4], 'userType', ($4::text[])[1 + i % 4], 'group', 'g' || (i % 7)),
                'roles', '["learner"]'::jsonb, 'permissions', '[]'::jsonb, 'aclTags', jsonb_build_array(case when i % 3 = 0 then 'dist:seeds' else 'dist:all' end),
                'companyId', '00000000-0000-4000-8000-' || lpad((i % $3::int)::text, 12, '0'), 'allowedStations', 'all', 'by', 'system:bench', 'preRegisteredAt', now() - interval '365 days') as data,
              now() - interval '365 days' as recorded_at
       from generate_series($1::int, $2::int) i`,
      [from, to, companies, USER_TYPES],
    );
    // answers spread over the last 360 days, recorded when given; one in five a media question of an entry
    await insert(
      `select 'assessment.learner-bench-' || i as stream_id, k as revision, 'AnswerSubmitted' as type,
              jsonb_build_object('rowId', gen_random_uuid(), 'actor', 'bench-' || i, 'questionId', q.id, 'answerId', q.opt, 'isCorrect', (i + k) % 3 <> 0,
                'score', case when (i + k) % 3 <> 0 then 10 else 0 end, 'countsForScore', true, 'postQuestionId', null, 'postAnswerId', null, 'postIsCorrect', null,
                'postScore', 0, 'postCountsForScore', false, 'points', 10, 'secondsToAnswer', 3.5, 'context', case when k % 5 = 0 then 'media' else 'station' end, 'origin', 'web',
                'questionRevision', 0, 'postQuestionRevision', null, 'stationId', q.st, 'entryId', case when k % 5 = 0 then ($7::text[])[1 + (i + k) % array_length($7::text[], 1)] else null end,
                'attempt', 1 + k / array_length($4::text[], 1), 'answeredAt', at) as data, at as recorded_at
       from generate_series($1::int, $2::int) i, generate_series(0, $3::int - 1) k,
            lateral (select ($4::text[])[1 + (i + k) % array_length($4::text[], 1)] as id, ($5::text[])[1 + (i + k) % array_length($4::text[], 1)] as st,
                            ($6::text[])[1 + (i + k) % array_length($4::text[], 1)] as opt) q,
            lateral (select now() - make_interval(days => 360 - (k * 360 / $3::int), mins => i % 1440) as at) t`,
      [from, to, answers, qIds, qStations, qOptions, entries.map((e) => e.entryId)],
    );
    await insert(
      `select 'bench.filler-' || i as stream_id, k as revision, 'BenchActivity' as type,
              jsonb_build_object('actor', 'bench-' || i, 'n', k) as data, now() - make_interval(days => 360 - k) as recorded_at
       from generate_series($1::int, $2::int) i, generate_series(0, $3::int - 1) k`,
      [from, to, other],
    );
  }
  await query(db, 'analyze es_events');
}

async function waitForProjections(api: BenchApi, token: string, out: (l: string) => void): Promise<void> {
  let last = 0;
  for (;;) {
    const health = (await (await fetch(`${api.base}/health`, { headers: { authorization: `Bearer ${token}` } })).json()) as { projections: { name: string; lag: number }[] };
    const behind = health.projections.filter((p) => p.lag !== 0);
    if (behind.length === 0) return;
    if (performance.now() - last > 15_000) {
      last = performance.now();
      out(`  waiting for ${behind.map((p) => p.name).join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

const rssMB = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

export interface ReportsBenchResult {
  events: number;
  rebuild: { events: number; seconds: number; perSecond: number; /** events applied per report */ byReport: Record<string, number> };
  /** paced: 250-750 ms between a manager's pages (the target); closed: back to back */
  pages: Record<string, { paced: LatencyFigures & { failures: number }; closed: LatencyFigures & { failures: number } }>;
  /** memoryGrowthMB: the peak resident memory during the export over the one before it; heap*: in use after a full collection, before and after */
  exportCsv: { rows: number; seconds: number; memoryGrowthMB: number; heapBeforeMiB: number; heapAfterMiB: number };
  asOfSeconds: number;
  targets: Record<string, boolean>;
}

export async function benchReports(opts: ReportsBenchOptions): Promise<ReportsBenchResult> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const reportFile = reportFileOf(opts.reportFile);
  const learners = opts.learners ?? Number(process.env.BENCH_REPORTS_LEARNERS ?? 10_000);
  const companies = opts.companies ?? 50;
  const answers = opts.answersPerLearner ?? 60;
  const other = opts.otherPerLearner ?? 39;
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 20);
  const loadBefore = loadavg()[0]!;
  const scratch = await scratchDatabase(opts.url, SCRATCH);
  const database = await createDatabase({ url: scratch.url, poolSize: 4 });
  const store = createEventStore({ database });
  try {
    await store.migrate();
    await importContentPack(store, systemClock);
    const stations = (await query<{ data: { station: { stationId: string; entries: { entryId: string }[]; questions?: { questionIds?: string[] } } } }>(database.db, "select data from es_events where type = 'StationRevised'")).map((r) => r.data.station);
    const questionRows = await query<{ data: { question: { questionId: string; options: { id: string }[] } } }>(database.db, "select data from es_events where type = 'QuestionRevised'");
    const stationOf = new Map<string, string>();
    for (const s of stations) for (const q of s.questions?.questionIds ?? []) stationOf.set(q, s.stationId);
    const questions = questionRows.map((r) => ({ questionId: r.data.question.questionId, stationId: stationOf.get(r.data.question.questionId) ?? stations[0]!.stationId, optionIds: r.data.question.options.map((o) => o.id) }));
    const entries = stations.flatMap((s) => s.entries.map((e) => ({ entryId: e.entryId, stationId: s.stationId })));
    out(`generating ${int(learners)} learners x (${answers} answers + ${other} other events)...`);
    const t0 = performance.now();
    await generate(database, learners, companies, answers, other, questions, entries);
    const events = Number((await query<{ n: string }>(database.db, 'select count(*) as n from es_events'))[0]!.n);
    out(`${int(events)} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // 2. rebuild of every report projection
    const defs = PROJECTIONS_LIST.filter((p) => Object.values(SERVER_REPORTS).some((r) => r.projection === p.name));
    const runtime = new ProjectionRuntime(database, store, defs, { run: false, batchSize: 2500 });
    await runtime.start();
    // one pass over the log for all of them, as `npm run portal -- projections rebuild report-answers ...` does
    const t1 = performance.now();
    const built = await runtime.rebuildTogether(defs.map((d) => d.name));
    const rebuildSeconds = (performance.now() - t1) / 1000;
    const byReport = Object.fromEntries(built.map((b) => [b.name, b.events]));
    const applied = built.reduce((n, b) => n + b.events, 0);
    out(`rebuilt ${defs.length} report projections together: ${int(applied)} events in ${rebuildSeconds.toFixed(1)} s, ${int(applied / rebuildSeconds)}/s (${built.map((b) => `${b.name} ${int(b.events)}`).join(', ')})`);
    await runtime.stop();
    // the API's other read models (progress, scores, feeds, ...) built the same way before it
    // starts, not measured: the API then serves at once instead of catching up on 1M events live
    const others = PROJECTIONS_LIST.filter((p) => !defs.includes(p));
    const prebuild = new ProjectionRuntime(database, store, others, { run: false });
    await prebuild.start();
    const t4 = performance.now();
    await prebuild.rebuildTogether(others.map((d) => d.name));
    await prebuild.stop();
    out(`the API's other ${others.length} read models built in ${((performance.now() - t4) / 1000).toFixed(0)} s`);

    // 3-5. through the API
    // --expose-gc: the export row reads the heap the API still holds after a full collection
    const api = await startBenchApi({ databaseUrl: scratch.url, dataDir: mkdtempSync(join(tmpdir(), 'bench-reports-')), jwtSecret: JWT_SECRET, nodeArgs: ['--expose-gc'], env: { BOOKING_EXPIRY_SWEEP_SECONDS: '0', CERTIFICATE_ISSUER: 'off' } });
    try {
      const tokens = new TokenService(JWT_SECRET, 3600);
      // manage_whatsapp too: the messaging report is read under identity's messagingScope (ADR 0073)
      const token = (companyId: string | null, all: boolean) =>
        tokens.issue({ sub: newId(), sid: newId(), email: `${newId()}@bench.example`, roles: ['company_manager'], permissions: all ? ['manage_all_companies', 'manage_whatsapp'] : ['manage_companies_users', 'manage_whatsapp'], aclTags: [], companyId, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true });
      const admin = await token(benchCompany(0), true);
      await waitForProjections(api, admin, out);
      const managers = await Promise.all(Array.from({ length: MANAGERS }, (_, n) => token(benchCompany(n % companies), false)));
      const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
      const pages: ReportsBenchResult['pages'] = {};
      for (const name of Object.keys(SERVER_REPORTS)) {
        const url = (n: number) => `${api.base}/reports/${name}?from=${from}&userType=${USER_TYPES[n % 4]}`;
        for (const m of managers) await leanGet(url(0), { authorization: `Bearer ${m}` });
        const phase = async (phaseSeconds: number, paced: boolean) => {
          let failures = 0;
          const times = await clientsAtWork(managers, phaseSeconds, paced, async (m, index, n) => {
            const t = performance.now();
            const res = await leanGet(url(index + n), { authorization: `Bearer ${m}` });
            if (res.status !== 200) failures += 1;
            return performance.now() - t;
          });
          return { ...figures(times.flat()), failures };
        };
        const paced = await phase(seconds, true);
        const closed = await phase(Math.ceil(seconds / 3), false);
        pages[name] = { paced, closed };
        out(`${name} first page, ${MANAGERS} managers ${THINK_MS[0]}-${THINK_MS[1]} ms apart: p50 ${ms(paced.p50Ms)} p99 ${ms(paced.p99Ms)} ms (${paced.count} calls, ${paced.failures} failures); back to back: p50 ${ms(closed.p50Ms)} p99 ${ms(closed.p99Ms)} ms (${closed.count} calls)`);
      }

      const heapBefore = (await api.memory()).heapUsedMiB;
      const before = rssMB(api.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMB(api.pid))), 100);
      const t2 = performance.now();
      const res = await fetch(`${api.base}/reports/answers/export?format=csv&lang=en`, { headers: { authorization: `Bearer ${admin}` } });
      let newlines = 0;
      let head = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (head.length < 4096) head += Buffer.from(chunk).toString('utf8');
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines += 1;
      }
      const exportSeconds = (performance.now() - t2) / 1000;
      clearInterval(sampler);
      // the preamble's lines (report, time, as of, the filters) end at the blank line; then the header
      const preambleLines = head.slice(0, head.indexOf('\n\n')).split('\n').length;
      const heapAfter = (await api.memory()).heapUsedMiB;
      const exportCsv = { rows: newlines - preambleLines - 2, seconds: exportSeconds, memoryGrowthMB: peak - before, heapBeforeMiB: heapBefore, heapAfterMiB: heapAfter };
      out(`answers CSV export: ${int(exportCsv.rows)} rows in ${exportSeconds.toFixed(1)} s, API memory +${exportCsv.memoryGrowthMB.toFixed(0)} MB (${before.toFixed(0)} MB before); heap in use after a collection ${heapBefore.toFixed(0)} -> ${heapAfter.toFixed(0)} MiB`);

      const middle = new Date(Date.now() - 180 * 86_400_000).toISOString();
      const t3 = performance.now();
      const asOf = await fetch(`${api.base}/reports/answers?companyId=${benchCompany(1)}&asOf=${encodeURIComponent(middle)}`, { headers: { authorization: `Bearer ${admin}` } });
      await asOf.arrayBuffer();
      const asOfSeconds = (performance.now() - t3) / 1000;
      out(`answers as of ${middle} for one company: ${asOf.status} in ${asOfSeconds.toFixed(2)} s`);

      const perSecond = applied / rebuildSeconds;
      const result: ReportsBenchResult = {
        events,
        rebuild: { events: applied, seconds: rebuildSeconds, perSecond, byReport },
        pages,
        exportCsv,
        asOfSeconds,
        targets: {
          pages: Object.values(pages).every((p) => p.paced.p99Ms <= TARGETS.pageP99Ms && p.paced.failures === 0 && p.closed.failures === 0),
          exportTime: exportSeconds <= TARGETS.exportSeconds,
          exportMemory: exportCsv.memoryGrowthMB < TARGETS.exportMemoryMB,
          rebuild: perSecond >= TARGETS.rebuildEventsPerSecond,
          asOf: asOfSeconds <= TARGETS.asOfSeconds && asOf.status === 200,
        },
      };
      if (reportFile) {
        const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`;
        writeSection(
          reportFile,
          'Reports',
          [
            '## Reports',
            '',
            `\`npm run bench -- reports\` (tools/src/bench/reports.ts), ${new Date().toISOString().slice(0, 10)}. ${machine}; ${scratch.postgres}; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after.`,
            `${int(events)} events of ${int(learners)} learners over ${companies} companies (${int(learners * answers)} answers).`,
            '',
            '| check | result | target |',
            '|---|---|---|',
            ...Object.entries(pages).map(
              ([name, p]) =>
                `| ${name}: first page, from + user type, ${MANAGERS} managers ${THINK_MS[0]}-${THINK_MS[1]} ms apart, p99 | ${ms(p.paced.p99Ms)} ms (p50 ${ms(p.paced.p50Ms)}, ${p.paced.failures} failures; back to back: p99 ${ms(p.closed.p99Ms)}, p50 ${ms(p.closed.p50Ms)}) | <= ${TARGETS.pageP99Ms} ms: ${mark(p.paced.p99Ms <= TARGETS.pageP99Ms)} |`,
            ),
            `| answers CSV export, every company | ${int(exportCsv.rows)} rows in ${exportCsv.seconds.toFixed(1)} s | <= ${TARGETS.exportSeconds} s: ${mark(result.targets.exportTime!)} |`,
            `| API memory growth during the export (peak resident memory over the one before it) | ${exportCsv.memoryGrowthMB.toFixed(0)} MB (heap in use after a full collection: ${exportCsv.heapBeforeMiB.toFixed(0)} MiB before, ${exportCsv.heapAfterMiB.toFixed(0)} after) | < ${TARGETS.exportMemoryMB} MB: ${mark(result.targets.exportMemory!)} |`,
            `| rebuild of every report projection, together in one pass over the log | ${int(perSecond)} events/s: ${int(applied)} events applied in ${rebuildSeconds.toFixed(1)} s (${Object.entries(byReport).map(([n, v]) => `${n} ${int(v)}`).join(', ')}) | >= ${int(TARGETS.rebuildEventsPerSecond)}: ${mark(result.targets.rebuild!)} |`,
            `| answers report of one company as of 180 days ago | ${asOfSeconds.toFixed(2)} s | <= ${TARGETS.asOfSeconds} s: ${mark(result.targets.asOf!)} |`,
            '',
          ].join('\n'),
        );
      }
      return result;
    } finally {
      await api.stop();
    }
  } finally {
    await store.close();
    await database.close();
    // BENCH_REPORTS_KEEP=1 keeps the log and the read models to study a plan (EXPLAIN) afterwards
    if (process.env.BENCH_REPORTS_KEEP === '1') out(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}
