import { latencyHead, latencyRow, p99Spread, writeSection } from './report.js';
import { during, figures, mark, median, ms, perRun, repeatRuns, reportFileOf, runtimeLine, scratchDatabase, startBenchApi, summarize, type LatencyFigures, type Measured, type Summary } from './harness.js';
/**
 * Booking benchmark: 200 concurrent visitors book and confirm across 20 slots of one training
 * center, through the whole API (HTTP on a real socket, Postgres server, projections running,
 * mails into the outbox). Each visitor reads the availability, requests a visit, takes the
 * confirm link from the outbox and confirms. Figures: latency of requests and confirmations
 * (p50/p95/p99/max, each the median of three runs, each run on its own database and API process),
 * beside the API's event-loop delay and GC pauses, then the checks that matter: no slot holds more seats than its capacity,
 * every acknowledged confirmation is in the log (booking stream and slot stream), and every
 * slot with enough demand is exactly full. Writes the "## Booking" section of docs/benchmarks.md.
 *
 *   npm run bench -- booking            (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local server)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, query } from '@portal/database';
import { createEventStore } from '@portal/eventstore';
import { newId } from '@portal/kernel';
import { TokenService } from '@portal/platform';
import { bookingStream, slotStream, type BookingEvent, type LocationInput, type SlotEvent } from '@portal/booking/contracts';

export type { LatencyFigures };

/** What one run measured and checked. */
interface BookingRun {
  seconds: number;
  request: Measured;
  confirm: Measured;
  confirmed: number;
  unavailable: number;
  otherFailures: number;
  overbookedSlots: number;
  maxSeatsInASlot: number;
  lostAcknowledged: number;
  slotsNotFull: number;
  burst: { confirm: Measured; confirmed: number; unavailable: number; overbookedSlots: number };
  /** CPU the API process spent per visitor of the measured phase (HTTP, commands, projections, mails). */
  apiCpuMsPerVisitor: number;
}

export interface BookingBenchResult {
  date: string;
  machine: string;
  /** 1-minute load average when the run ended (other work on the machine skews latencies). */
  load: number;
  postgres: string;
  visitors: number;
  slots: number;
  capacity: number;
  runs: BookingRun[];
  request: Summary;
  confirm: Summary;
  burst: Summary;
  targets: { confirmP99: boolean; noOverbooking: boolean; noLostBookings: boolean };
}

export interface BookingBenchOptions {
  url: string;
  visitors?: number;
  slots?: number;
  capacity?: number;
  out?: (line: string) => void;
  /** Where the "## Booking" section is written; null skips writing. */
  reportFile?: string | null;
}

const SCRATCH_DB = 'bench_booking';
/**
 * Pacing of a visitor (ms): arrival within RAMP, filling the form, opening the mail. All 200
 * sessions overlap (the last arrives before the first can finish); requests do not all land in
 * the same millisecond, as they would not from 200 people.
 */
const RAMP_MS = 5000;
const FORM_MS = [1000, 3000] as const;
const MAIL_MS = [500, 2000] as const;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
/** The next five days in São Paulo: the benchmark center is open every day, 08:00-18:00. */
const nextDays = (): string[] => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [1, 2, 3, 4, 5].map((d) => new Date(Date.UTC(get('year'), get('month') - 1, get('day') + d)).toISOString().slice(0, 10));
};
const TIMES = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];


function section(r: BookingBenchResult): string {
  const row = latencyRow;
  const runs = r.runs;
  const sum = (pick: (run: BookingRun) => number) => runs.reduce((n, run) => n + pick(run), 0);
  return [
    '## Booking',
    '',
    `\`npm run bench -- booking\` (tools/src/bench/booking.ts), ${r.date}. ${r.machine}; ${r.postgres}; load average ${r.load.toFixed(1)} at the end of the run.`,
    '',
    `${r.visitors} concurrent visitors over ${r.slots} slots of ${r.capacity} seats (${r.slots * r.capacity} seats) at one training center, through the`,
    'HTTP API on a real socket (Nest on Fastify, one API process; the load generator is another process on the same',
    `machine), projections and the mail outbox running. Visitors arrive within ${RAMP_MS / 1000} s; each reads the day's availability,`,
    `fills the form (${FORM_MS[0] / 1000}-${FORM_MS[1] / 1000} s), requests a visit, finds the confirm link in the outbox, opens it (${MAIL_MS[0] / 1000}-${MAIL_MS[1] / 1000} s) and confirms:`,
    `all sessions overlap, and ten visitors compete for each slot's ${r.capacity} seats. ${runs.length} runs, each on its own database and API process; wall time`,
    `${runs.map((run) => run.seconds.toFixed(2)).join(', ')} s; the API process used ${ms(median(runs.map((run) => run.apiCpuMsPerVisitor)))} ms of CPU per visitor (median; its four calls, the projections and the mails).`,
    ...(r.load > cpus().length
      ? ['', `The machine was shared with other work during the run (load average ${r.load.toFixed(1)} on ${cpus().length} cores), so the latencies below include waiting for a CPU.`]
      : []),
    '',
    ...latencyHead(runs.length),
    row('POST /api/booking (request)', r.request),
    row('POST /api/booking/confirm', r.confirm),
    row('POST /api/booking/confirm, all at once (worst case, below)', r.burst),
    '',
    '| check | result | target |',
    '|---|---|---|',
    `| confirmations p99 (median of ${runs.length} runs) | ${p99Spread(r.confirm)} ms | < 50 ms: ${mark(r.targets.confirmP99)} |`,
    `| confirmed / booking-unavailable / other failures, each run | ${perRun(runs.map((run) => run.confirmed))} / ${perRun(runs.map((run) => run.unavailable))} / ${perRun(runs.map((run) => run.otherFailures))} | ${r.slots * r.capacity} / ${r.visitors - r.slots * r.capacity} / 0 |`,
    `| slots over capacity (most seats held in one slot), all runs | ${sum((run) => run.overbookedSlots + run.burst.overbookedSlots)} (${Math.max(...runs.map((run) => run.maxSeatsInASlot))} of ${r.capacity}) | 0: ${mark(r.targets.noOverbooking)} |`,
    `| acknowledged confirmations missing from the log, all runs | ${sum((run) => run.lostAcknowledged)} | 0: ${mark(r.targets.noLostBookings)} |`,
    `| slots with more demand than seats left not full, all runs | ${sum((run) => run.slotsNotFull)} | 0 |`,
    '',
    `Worst case, beside the target: the same ${r.visitors} visitors on ${r.slots} other slots request first, then all confirm in the same`,
    `instant (mostly queueing in one Node process); ${perRun(runs.map((run) => run.burst.confirmed))} confirmed, ${perRun(runs.map((run) => run.burst.unavailable))} booking-unavailable in each run.`,
    '',
    'Each slot\'s seats live in one consistency stream appended at the revision the decision was read at; confirmations of',
    'one slot queue in the process (docs/adr/0010-booking-capacity-and-rules.md), so they wait for each other instead of',
    'retrying after conflicts. The checks fold the slot and booking streams from the log, not the read models.',
    '',
  ].join('\n');
}


/** The benchmark's training center, open every day 08:00-18:00 in hourly slots (also the scale test's). */
export const location = (capacity: number, name = 'Benchmark Center'): LocationInput => ({
  name,
  addressLines: ['Rodovia do Teste, km 1'],
  number: '1',
  city: 'Campinas',
  state: 'SP',
  country: 'BR',
  postalCode: '13000-000',
  capacity,
  timezone: 'America/Sao_Paulo',
  color: '#2f9e44',
  schedule: { hours: ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })), slotMinutes: 60, closedDates: [], horizonDays: 60 },
  active: true,
});

export async function benchBooking(opts: BookingBenchOptions): Promise<BookingBenchResult> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const visitors = opts.visitors ?? 200;
  const slotCount = opts.slots ?? 20;
  const capacity = opts.capacity ?? 8;
  const reportFile = reportFileOf(opts.reportFile);
  let postgres = '';
  const runs = await repeatRuns(out, async () => {
    const run = await bookingRun(opts.url, { visitors, slotCount, capacity }, out);
    postgres = run.postgres;
    return run;
  });
  const result: BookingBenchResult = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
    load: loadavg()[0] ?? 0,
    postgres,
    visitors,
    slots: slotCount,
    capacity,
    runs,
    request: summarize(runs.map((r) => r.request)),
    confirm: summarize(runs.map((r) => r.confirm)),
    burst: summarize(runs.map((r) => r.burst.confirm)),
    targets: { confirmP99: false, noOverbooking: runs.every((r) => r.overbookedSlots === 0 && r.burst.overbookedSlots === 0), noLostBookings: runs.every((r) => r.lostAcknowledged === 0) },
  };
  result.targets.confirmP99 = result.confirm.p99Ms < 50;
  out(`over ${runs.length} runs: confirmations p99 ${p99Spread(result.confirm)} ms, requests p99 ${p99Spread(result.request)} ms, burst p99 ${p99Spread(result.burst)} ms`);
  if (reportFile) {
    writeSection(reportFile, 'Booking', section(result));
    out(`written to ${reportFile}`);
  }
  return result;
}

/** One run: its own scratch database and API process. */
async function bookingRun(url: string, size: { visitors: number; slotCount: number; capacity: number }, out: (line: string) => void): Promise<BookingRun & { postgres: string }> {
  const { visitors, slotCount, capacity } = size;
  const scratch = await scratchDatabase(url, SCRATCH_DB);
  const { postgres } = scratch;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-booking-'));
  const DATES = nextDays();

  // the API in its own process; the expiry process stays out of the measurement
  const api = await startBenchApi({ databaseUrl: scratch.url, dataDir, jwtSecret: JWT_SECRET, env: { BOOKING_EXPIRY_SWEEP_SECONDS: '0' } });
  const serverCpu = api.cpuMs;
  const base = api.base;
  const database = await createDatabase({ url: scratch.url, poolSize: 4 });
  const store = createEventStore({ database });
  const tokens = new TokenService(JWT_SECRET, 3600);

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, any>) : {} };
  };
  const confirmToken = async (email: string): Promise<string> => {
    const rows = await query<{ text_body: string }>(database.db, `select text_body from mail_outbox where to_address = $1 and category = 'bookingRequested' order by created_at desc limit 1`, [email]);
    const m = /\/public\/booking\/confirm\?token=(\S+)/.exec(rows[0]?.text_body ?? '');
    if (!m) throw new Error(`no confirm link for ${email}`);
    return decodeURIComponent(m[1]!);
  };

  try {
    const adminToken = await tokens.issue({
      sub: newId(), sid: newId(), email: 'bench@agro', roles: ['tc_admin'], permissions: [], aclTags: [], companyId: null, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true,
    });
    const created = await call('POST', '/locations', location(capacity), adminToken);
    if (created.status !== 201) throw new Error(`location: ${created.status} ${JSON.stringify(created.json)}`);
    const locationId = String(created.json.locationId);
    const slots = Array.from({ length: slotCount }, (_, i) => ({ date: DATES[Math.floor(i / TIMES.length)]!, time: TIMES[i % TIMES.length]! }));
    if (slots.some((s) => !s.date)) throw new Error(`at most ${DATES.length * TIMES.length} slots`);

    const pause = (min: number, max: number) => new Promise((r) => setTimeout(r, min + Math.random() * (max - min)));
    type Outcome = { requestMs: number; confirmMs: number | null; status: number; code: string; bookingId: string | null; slot: { date: string; time: string } };
    /**
     * One visitor: opens the day's slots, fills the form (think time), requests, finds the mail
     * in the outbox, opens it (think time) and confirms. `paced` false drops the think times.
     */
    const visit = async (n: number, slot: { date: string; time: string }, tag: string, paced: boolean): Promise<Outcome & { token: string | null }> => {
      const email = `${tag}${n}@bench.example`;
      if (paced) await pause(0, RAMP_MS);
      await call('GET', `/booking/availability?locationId=${locationId}&from=${slot.date}&to=${slot.date}`);
      if (paced) await pause(...FORM_MS);
      const t0 = performance.now();
      const requested = await call('POST', '/booking', { locationId, ...slot, name: `Visitor ${n}`, email, acceptedPrivacyPolicy: true, acceptedVisitProtocols: true });
      const requestMs = performance.now() - t0;
      if (requested.status !== 201) return { requestMs, confirmMs: null, status: requested.status, code: String(requested.json.code), bookingId: null, slot, token: null };
      const token = await confirmToken(email);
      return { requestMs, confirmMs: null, status: 0, code: '', bookingId: String(requested.json.bookingId), slot, token };
    };
    const confirmNow = async (v: Outcome & { token: string | null }): Promise<Outcome> => {
      if (!v.token) return v;
      const t0 = performance.now();
      const confirmed = await call('POST', '/booking/confirm', { token: v.token });
      return { ...v, confirmMs: performance.now() - t0, status: confirmed.status, code: String(confirmed.json.code ?? '') };
    };
    const visitAndConfirm = async (n: number, slot: { date: string; time: string }, tag: string, paced: boolean): Promise<Outcome> => {
      const v = await visit(n, slot, tag, paced);
      if (paced) await pause(...MAIL_MS);
      return confirmNow(v);
    };

    // warm-up on the last day (JIT, connections); not counted
    await Promise.all(Array.from({ length: 20 }, (_, n) => visitAndConfirm(n, { date: DATES[4]!, time: TIMES[n % TIMES.length]! }, 'warm', false)));

    out(`${visitors} concurrent visitors, ${slotCount} slots x ${capacity} seats...`);
    const cpuBefore = await serverCpu();
    const started = performance.now();
    const paced = await during(api, () => Promise.all(Array.from({ length: visitors }, (_, n) => visitAndConfirm(n, slots[n % slotCount]!, 'visitor', true))));
    const results = paced.value;
    const seconds = (performance.now() - started) / 1000;
    out(`paced: ${runtimeLine(paced.runtime)}`);
    // let the projections finish what the phase wrote, then read the API's CPU time
    await new Promise((r) => setTimeout(r, 1500));
    const apiCpuMsPerVisitor = ((await serverCpu()) - cpuBefore) / visitors;

    // worst case, reported beside the target: every visitor requested first, then all confirm in the same instant
    const burstSlots = slots.map((s, i) => ({ date: DATES[2 + Math.floor(i / TIMES.length)]!, time: s.time }));
    const burstReady = await Promise.all(Array.from({ length: visitors }, (_, n) => visit(n, burstSlots[n % slotCount]!, 'burst', false)));
    const burstRun = await during(api, () => Promise.all(burstReady.map(confirmNow)));
    const burst = burstRun.value;
    out(`burst: ${runtimeLine(burstRun.runtime)}`);
    const burstConfirm = figures(burst.filter((r) => r.confirmMs !== null).map((r) => r.confirmMs!));
    const burstOk = burst.filter((r) => r.status === 200).length;
    const burstUnavailable = burst.filter((r) => r.status === 409 && r.code === 'booking-unavailable').length;
    let burstOverbooked = 0;
    for (const s of burstSlots) {
      const events = (await store.readStream(slotStream(locationId, s.date, s.time))) as unknown as SlotEvent[];
      const held = new Set<string>();
      for (const e of events) (e.type === 'SlotSeatTaken' ? held.add(e.data.bookingId) : held.delete(e.data.bookingId));
      if (held.size > capacity) burstOverbooked += 1;
    }

    const confirmedResults = results.filter((r) => r.confirmMs !== null && r.status === 200);
    const unavailable = results.filter((r) => r.status === 409 && r.code === 'booking-unavailable').length;
    const otherFailures = results.length - confirmedResults.length - unavailable;

    // the log, not the read models: fold every slot stream and every acknowledged booking
    let overbookedSlots = 0;
    let maxSeatsInASlot = 0;
    let slotsNotFull = 0;
    const holders = new Map<string, Set<string>>();
    for (const s of slots) {
      const events = await store.readStream(slotStream(locationId, s.date, s.time));
      const held = new Set<string>();
      for (const e of events as unknown as SlotEvent[]) {
        if (e.type === 'SlotSeatTaken') held.add(e.data.bookingId);
        else held.delete(e.data.bookingId);
      }
      holders.set(`${s.date} ${s.time}`, held);
      maxSeatsInASlot = Math.max(maxSeatsInASlot, held.size);
      if (held.size > capacity) overbookedSlots += 1;
      const demand = results.filter((r) => r.slot === s).length;
      if (demand >= capacity && held.size < capacity) slotsNotFull += 1;
    }
    let lostAcknowledged = 0;
    for (const r of confirmedResults) {
      const events = (await store.readStream(bookingStream(r.bookingId!))) as unknown as BookingEvent[];
      const inBooking = events.some((e) => e.type === 'BookingConfirmed');
      const inSlot = holders.get(`${r.slot.date} ${r.slot.time}`)?.has(r.bookingId!) ?? false;
      if (!inBooking || !inSlot) lostAcknowledged += 1;
    }

    const request = figures(results.map((r) => r.requestMs));
    const confirm = figures(results.filter((r) => r.confirmMs !== null).map((r) => r.confirmMs!));
    out(`API CPU per visitor ${ms(apiCpuMsPerVisitor)} ms; requests: p50 ${ms(request.p50Ms)} ms, p99 ${ms(request.p99Ms)} ms; confirmations: p50 ${ms(confirm.p50Ms)} ms, p95 ${ms(confirm.p95Ms)} ms, p99 ${ms(confirm.p99Ms)} ms, max ${ms(confirm.maxMs)} ms`);
    out(`burst (all confirmations at once): p50 ${ms(burstConfirm.p50Ms)} ms, p99 ${ms(burstConfirm.p99Ms)} ms; confirmed ${burstOk}, booking-unavailable ${burstUnavailable}, overbooked slots ${burstOverbooked}`);
    out(`confirmed ${confirmedResults.length}, booking-unavailable ${unavailable}, other failures ${otherFailures}; overbooked slots ${overbookedSlots}; lost acknowledged ${lostAcknowledged}; slots not full ${slotsNotFull}`);
    return {
      postgres,
      seconds,
      request: { latency: request, runtime: paced.runtime },
      confirm: { latency: confirm, runtime: paced.runtime },
      confirmed: confirmedResults.length,
      unavailable,
      otherFailures,
      overbookedSlots,
      maxSeatsInASlot,
      lostAcknowledged,
      slotsNotFull,
      apiCpuMsPerVisitor,
      burst: { confirm: { latency: burstConfirm, runtime: burstRun.runtime }, confirmed: burstOk, unavailable: burstUnavailable, overbookedSlots: burstOverbooked },
    };
  } finally {
    await api.stop();
    await store.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchBooking({ url: process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
}
