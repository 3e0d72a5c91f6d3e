import { latencyHead, latencyRow, p99Spread, writeSection } from './report.js';
import { during, figures, mark, ms, perRun, repeatRuns, reportFileOf, runtimeLine, scratchDatabase, startBenchApi, summarize, type Measured, type Summary } from './harness.js';
/**
 * Scheduled-events benchmark (issue 15, ADR 0060), through the whole API (HTTP on a real socket,
 * Postgres server, projections running, mails into the outbox), one API process per run:
 *
 * 1. Check-in: 300 enrolled attendees arrive at one event within 60 s and scan the staff screen's
 *    rotating code with their phones (the screen fetches a new code every 30 s); one in ten scans
 *    twice. Target: p99 of the scans at most 50 ms, zero lost check-ins (every acknowledged one is
 *    in the event's stream), zero double check-ins (one AttendeeCheckedIn per attendee).
 * 2. Vacancies: 500 learners enrol at the same instant for 100 vacancies. Target: exactly 100
 *    enrolled, 400 waitlisted with places 1..400 in the order of the log, each answer's place the
 *    log's.
 *
 * The checks fold the event's stream from the log, not the read models. Writes the
 * "## Scheduled events" section of docs/benchmarks.md.
 *
 *   npm run bench -- scheduled-events            (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local server)
 *   npm run bench -- scheduled-events --smoke    (toy sizes, nothing written)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase } from '@portal/database';
import { createEventStore } from '@portal/eventstore';
import { newId, type Role } from '@portal/kernel';
import { TokenService } from '@portal/platform';
import { scheduledEventEvents, scheduledEventStream, type ScheduledEventInput } from '@portal/events/contracts';

interface CheckInRun {
  seconds: number;
  scan: Measured;
  attendees: number;
  acknowledged: number;
  doubleScans: number;
  repeatedAnswersChanged: number;
  failures: number;
  lost: number;
  doubleCheckIns: number;
}
interface RaceRun {
  enrol: Measured;
  learners: number;
  vacancies: number;
  enrolled: number;
  waitlisted: number;
  failures: number;
  /** waiting-list places in the log that are not 1..n in append order, or answers whose place differs from the log's */
  outOfOrder: number;
}
interface EventsRun {
  checkIn: CheckInRun;
  race: RaceRun;
}

export interface EventsBenchResult {
  date: string;
  machine: string;
  load: number;
  postgres: string;
  spreadSeconds: number;
  runs: EventsRun[];
  scan: Summary;
  enrol: Summary;
  targets: { scanP99: boolean; noLost: boolean; noDouble: boolean; exactVacancies: boolean; inOrder: boolean };
}

export interface EventsBenchOptions {
  url: string;
  attendees?: number;
  spreadSeconds?: number;
  learners?: number;
  vacancies?: number;
  out?: (line: string) => void;
  reportFile?: string | null;
}

const SCRATCH_DB = 'bench_scheduled_events';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
/** One attendee in this many scans twice (a second tap, a retry on a slow network). */
const DOUBLE_EVERY = 10;

/**
 * The event's place and hours: a time zone where it is daytime now, starting in 30 minutes and
 * lasting two hours, so check-in is open for the whole measurement whatever the hour of the run.
 */
function eventNow(): Pick<ScheduledEventInput, 'date' | 'startHour' | 'finishHour' | 'timezone'> {
  const zones = ['America/Sao_Paulo', 'Europe/Lisbon', 'Asia/Tokyo', 'Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata'];
  const start = new Date(Date.now() + 30 * 60_000);
  for (const timezone of zones) {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(start);
    const get = (type: string) => parts.find((p) => p.type === type)!.value;
    const hour = Number(get('hour'));
    if (hour < 6 || hour > 20) continue;
    return { date: `${get('year')}-${get('month')}-${get('day')}`, startHour: `${get('hour')}:${get('minute')}`, finishHour: `${String(hour + 2).padStart(2, '0')}:${get('minute')}`, timezone };
  }
  throw new Error('no daytime zone found');
}

const eventInput = (vacancies: number, title: string): ScheduledEventInput => ({
  title,
  type: 'field-day',
  ...eventNow(),
  venue: 'Campo experimental',
  instructor: 'Benchmark',
  vacancies,
});

function section(r: EventsBenchResult): string {
  const runs = r.runs;
  const sum = (pick: (run: EventsRun) => number) => runs.reduce((n, run) => n + pick(run), 0);
  const c = (run: EventsRun) => run.checkIn;
  const race = (run: EventsRun) => run.race;
  const first = runs[0]!;
  return [
    '## Scheduled events',
    '',
    `\`npm run bench -- scheduled-events\` (tools/src/bench/scheduled-events.ts), ${r.date}. ${r.machine}; ${r.postgres}; load average ${r.load.toFixed(1)} at the end of the run.`,
    '',
    `Check-in: ${first.checkIn.attendees} enrolled attendees of one event arrive within ${r.spreadSeconds} s and scan the staff screen's rotating code`,
    `(\`POST /api/scheduledEvents/scan\`; the screen fetches a new code every 30 s); one in ${DOUBLE_EVERY} scans twice. Vacancies: ${first.race.learners}`,
    `learners enrol in another event at the same instant for ${first.race.vacancies} vacancies. Through the HTTP API on a real socket (one API`,
    `process; the load generator is another process on the same machine), projections and the mail outbox running. ${runs.length} runs,`,
    `each on its own database and API process; check-in phases took ${runs.map((run) => run.checkIn.seconds.toFixed(1)).join(', ')} s.`,
    ...(r.load > cpus().length ? ['', `The machine was shared with other work during the run (load average ${r.load.toFixed(1)} on ${cpus().length} cores), so the latencies below include waiting for a CPU.`] : []),
    '',
    ...latencyHead(runs.length),
    latencyRow('POST /api/scheduledEvents/scan (check-in)', r.scan),
    latencyRow(`POST /api/scheduledEvents/:id/enrol, ${first.race.learners} at once`, r.enrol),
    '',
    '| check | result | target |',
    '|---|---|---|',
    `| check-in scans p99 (median of ${runs.length} runs) | ${p99Spread(r.scan)} ms | at most 50 ms: ${mark(r.targets.scanP99)} |`,
    `| acknowledged check-ins / failed scans, each run | ${perRun(runs.map((run) => c(run).acknowledged))} / ${perRun(runs.map((run) => c(run).failures))} | ${first.checkIn.attendees} / 0 |`,
    `| acknowledged check-ins missing from the log, all runs | ${sum((run) => c(run).lost)} | 0: ${mark(r.targets.noLost)} |`,
    `| attendees checked in twice in the log (second scans that changed something), all runs | ${sum((run) => c(run).doubleCheckIns)} (${sum((run) => c(run).repeatedAnswersChanged)}) | 0: ${mark(r.targets.noDouble)} |`,
    `| enrolled / waitlisted / failures, each run | ${perRun(runs.map((run) => race(run).enrolled))} / ${perRun(runs.map((run) => race(run).waitlisted))} / ${perRun(runs.map((run) => race(run).failures))} | ${first.race.vacancies} / ${first.race.learners - first.race.vacancies} / 0: ${mark(r.targets.exactVacancies)} |`,
    `| waiting-list places out of arrival order (log or answers), all runs | ${sum((run) => race(run).outOfOrder)} | 0: ${mark(r.targets.inOrder)} |`,
    '',
    "Every write to one event goes through its stream, appended at the revision the decision was made on (booking's seat",
    'guarantee, libs/platform capacityWriter); one process queues the writers of a stream and decides from the state it',
    'appended last, so a check-in costs one append (docs/adr/0060-scheduled-events.md).',
    '',
  ].join('\n');
}

export async function benchScheduledEvents(opts: EventsBenchOptions): Promise<EventsBenchResult> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const size = { attendees: opts.attendees ?? 300, spreadSeconds: opts.spreadSeconds ?? 60, learners: opts.learners ?? 500, vacancies: opts.vacancies ?? 100 };
  const reportFile = reportFileOf(opts.reportFile);
  let postgres = '';
  const runs = await repeatRuns(out, async () => {
    const run = await eventsRun(opts.url, size, out);
    postgres = run.postgres;
    return run;
  });
  const result: EventsBenchResult = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
    load: loadavg()[0] ?? 0,
    postgres,
    spreadSeconds: size.spreadSeconds,
    runs,
    scan: summarize(runs.map((r) => r.checkIn.scan)),
    enrol: summarize(runs.map((r) => r.race.enrol)),
    targets: {
      scanP99: false,
      noLost: runs.every((r) => r.checkIn.lost === 0 && r.checkIn.failures === 0),
      noDouble: runs.every((r) => r.checkIn.doubleCheckIns === 0 && r.checkIn.repeatedAnswersChanged === 0),
      exactVacancies: runs.every((r) => r.race.enrolled === r.race.vacancies && r.race.waitlisted === r.race.learners - r.race.vacancies && r.race.failures === 0),
      inOrder: runs.every((r) => r.race.outOfOrder === 0),
    },
  };
  result.targets.scanP99 = result.scan.p99Ms <= 50;
  out(`over ${runs.length} runs: check-in scans p99 ${p99Spread(result.scan)} ms; enrolments at once p99 ${p99Spread(result.enrol)} ms; targets ${JSON.stringify(result.targets)}`);
  if (reportFile) {
    writeSection(reportFile, 'Scheduled events', section(result));
    out(`written to ${reportFile}`);
  }
  return result;
}

async function eventsRun(url: string, size: { attendees: number; spreadSeconds: number; learners: number; vacancies: number }, out: (line: string) => void): Promise<EventsRun & { postgres: string }> {
  const scratch = await scratchDatabase(url, SCRATCH_DB);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  const api = await startBenchApi({ databaseUrl: scratch.url, dataDir, jwtSecret: JWT_SECRET, env: { BOOKING_EXPIRY_SWEEP_SECONDS: '0', FEATURE_SCHEDULED_EVENTS: 'true' } });
  const database = await createDatabase({ url: scratch.url, poolSize: 4 });
  const store = createEventStore({ database });
  const tokens = new TokenService(JWT_SECRET, 3600);
  const token = (role: Role, userId = newId()) =>
    tokens.issue({ sub: userId, sid: newId(), email: `${userId}@bench.example`, roles: [role], permissions: [], aclTags: [], companyId: null, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true });
  const call = async (method: string, path: string, body?: unknown, bearer?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const res = await fetch(`${api.base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, any>) : {} };
  };
  const stream = async (eventId: string) => (await store.readStream(scheduledEventStream(eventId))).map((r) => scheduledEventEvents.parseRecorded(r));

  try {
    const admin = await token('tc_admin');
    const manager = await token('tc_manager');
    const newEvent = async (vacancies: number, title: string) => {
      const created = await call('POST', '/scheduledEvents', eventInput(vacancies, title), admin);
      if (created.status !== 201) throw new Error(`event: ${created.status} ${JSON.stringify(created.json)}`);
      const eventId = String(created.json.eventId);
      const published = await call('POST', `/scheduledEvents/${eventId}/publish`, {}, admin);
      if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.json)}`);
      return eventId;
    };
    const learners = async (n: number) => Promise.all(Array.from({ length: n }, async () => {
      const userId = newId();
      return { userId, token: await token('learner', userId) };
    }));

    // warm-up (JIT, connections): a small event, enrolled and checked in; not counted
    const warm = await newEvent(20, 'Warm-up');
    const warmers = await learners(20);
    await Promise.all(warmers.map((l) => call('POST', `/scheduledEvents/${warm}/enrol`, {}, l.token)));
    const warmCode = (await call('GET', `/scheduledEvents/${warm}/code`, undefined, manager)).json.code as string;
    await Promise.all(warmers.map((l) => call('POST', '/scheduledEvents/scan', { code: warmCode }, l.token)));

    // 1. check-in at the door
    const eventId = await newEvent(size.attendees, 'Dia de campo (benchmark)');
    const attendees = await learners(size.attendees);
    for (let i = 0; i < attendees.length; i += 50) {
      const answers = await Promise.all(attendees.slice(i, i + 50).map((l) => call('POST', `/scheduledEvents/${eventId}/enrol`, {}, l.token)));
      if (answers.some((a) => a.status !== 200 || a.json.attendance?.status !== 'enrolled')) throw new Error('enrolment before the check-in failed');
    }
    let code = (await call('GET', `/scheduledEvents/${eventId}/code`, undefined, manager)).json.code as string;
    const screen = setInterval(() => {
      void call('GET', `/scheduledEvents/${eventId}/code`, undefined, manager).then((r) => {
        if (r.status === 200) code = r.json.code as string;
      });
    }, 30_000);
    out(`${size.attendees} attendees checking in within ${size.spreadSeconds} s...`);
    type Scan = { ms: number; status: number; changed: boolean; second: { status: number; changed: boolean } | null; userId: string };
    const started = performance.now();
    const measured = await during(api, () =>
      Promise.all(
        attendees.map(async (l, i): Promise<Scan> => {
          await new Promise((r) => setTimeout(r, Math.random() * size.spreadSeconds * 1000));
          const t0 = performance.now();
          const first = await call('POST', '/scheduledEvents/scan', { code }, l.token);
          const latency = performance.now() - t0;
          const second = i % DOUBLE_EVERY === 0 ? await call('POST', '/scheduledEvents/scan', { code }, l.token) : null;
          return {
            ms: latency,
            status: first.status,
            changed: first.json.changed === true,
            second: second ? { status: second.status, changed: second.json.changed === true } : null,
            userId: l.userId,
          };
        }),
      ),
    );
    clearInterval(screen);
    const seconds = (performance.now() - started) / 1000;
    out(`check-in: ${runtimeLine(measured.runtime)}`);
    const scans = measured.value;
    const log = await stream(eventId);
    const checkIns = new Map<string, number>();
    for (const e of log) if (e.type === 'AttendeeCheckedIn') checkIns.set(e.data.userId, (checkIns.get(e.data.userId) ?? 0) + 1);
    const acknowledged = scans.filter((s) => s.status === 200 && s.changed);
    const checkIn: CheckInRun = {
      seconds,
      scan: { latency: figures(scans.map((s) => s.ms)), runtime: measured.runtime },
      attendees: size.attendees,
      acknowledged: acknowledged.length,
      doubleScans: scans.filter((s) => s.second).length,
      repeatedAnswersChanged: scans.filter((s) => s.second?.changed).length,
      failures: scans.filter((s) => s.status !== 200).length + scans.filter((s) => s.second && s.second.status !== 200).length,
      lost: acknowledged.filter((s) => !checkIns.has(s.userId)).length,
      doubleCheckIns: [...checkIns.values()].filter((n) => n > 1).length,
    };
    out(`scans p50 ${ms(checkIn.scan.latency.p50Ms)} p99 ${ms(checkIn.scan.latency.p99Ms)} max ${ms(checkIn.scan.latency.maxMs)} ms; acknowledged ${checkIn.acknowledged}, failures ${checkIn.failures}, lost ${checkIn.lost}, double ${checkIn.doubleCheckIns}`);

    // 2. the vacancy race
    const raceEvent = await newEvent(size.vacancies, 'Curso (corrida por vagas)');
    const racers = await learners(size.learners);
    out(`${size.learners} learners enrolling at once for ${size.vacancies} vacancies...`);
    const raced = await during(api, () =>
      Promise.all(
        racers.map(async (l) => {
          const t0 = performance.now();
          const res = await call('POST', `/scheduledEvents/${raceEvent}/enrol`, {}, l.token);
          return { ms: performance.now() - t0, status: res.status, attendance: res.json.attendance as { status: string; position: number | null } | undefined, userId: l.userId };
        }),
      ),
    );
    out(`race: ${runtimeLine(raced.runtime)}`);
    const raceLog = await stream(raceEvent);
    const line = raceLog.filter((e) => e.type === 'AttendeeWaitlisted');
    const placeInLog = new Map(line.map((e, i) => [e.data.userId, i + 1]));
    const outOfOrder =
      line.filter((e, i) => e.data.position !== i + 1).length +
      raced.value.filter((r) => r.attendance?.status === 'waitlisted' && r.attendance.position !== placeInLog.get(r.userId)).length;
    const race: RaceRun = {
      enrol: { latency: figures(raced.value.map((r) => r.ms)), runtime: raced.runtime },
      learners: size.learners,
      vacancies: size.vacancies,
      enrolled: raceLog.filter((e) => e.type === 'AttendeeEnrolled').length,
      waitlisted: line.length,
      failures: raced.value.filter((r) => r.status !== 200).length,
      outOfOrder,
    };
    out(`enrolled ${race.enrolled}, waitlisted ${race.waitlisted}, failures ${race.failures}, out of order ${race.outOfOrder}; enrol p99 ${ms(race.enrol.latency.p99Ms)} ms`);
    return { postgres: scratch.postgres, checkIn, race };
  } finally {
    await api.stop();
    await store.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchScheduledEvents({ url: process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
}
