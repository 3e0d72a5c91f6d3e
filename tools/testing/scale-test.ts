/**
 * `npm run scale-test` (issue 32, ADR 0095): the portal beyond one process, on loopback only.
 *
 * Sets up a Postgres primary and a streaming replica (pg_basebackup -R, a temp directory), three
 * API instances (DATABASE_REPLICA_URLS, TRUST_PROXY, the shared rate limit) and HAProxy with
 * deploy/haproxy.cfg (bind and server lines rewritten), installing haproxy with apt when it is
 * missing. Then a bounded mixed load (learners ticking and answering, managers reading a report,
 * visitors booking and confirming, staff reading their bookings with x-min-position) runs:
 *   1. with 1, 2 and 3 instances in service, no fault: throughput and p99 of each;
 *   2. with 3 instances while one is killed with kill -9 and the replica is stopped for 20 s and
 *      started again.
 * Every write carries an Idempotency-Key; a request that fails (a killed instance, a stopped
 * replica) is retried with it, and the longest time an operation took to succeed after its first
 * failure is the failover window, which must stay under FAILOVER_LIMIT_MS. Then it checks, from
 * the log: no acknowledged write lost or stored twice, no slot over capacity, every
 * read-your-writes read saw its write, and the read models equal a rebuild from the log.
 * Exits non-zero when a check fails. Not part of `npm test` (4 to 6 minutes on the shared two-core machine); see
 * docs/benchmarks.md "## Scale test".
 */
import 'reflect-metadata';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDatabase, query } from '@portal/database';
import { createEventStore, START, type RecordedEvent } from '@portal/eventstore';
import { newId, systemClock } from '@portal/kernel';
import { keyedEventId, TokenService } from '@portal/platform';
import { PROJECTIONS_LIST } from '@portal/api';
import { ProjectionRuntime } from '@portal/projections-runtime';
import { importContentPack, resolveContentDir } from '@portal/learning/application';
import { bookingStream, slotStream } from '@portal/booking/contracts';
import { location } from '../src/bench/booking.js';
import { createReplicatedClusters } from '@portal/testing/pg-replica';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BASE_PORT = Number(process.env.SCALE_TEST_PORT ?? 47_100);
const PRIMARY_PORT = BASE_PORT + 10;
const REPLICA_PORT = BASE_PORT + 11;
const PROXY_PORT = BASE_PORT;
const apiPort = (i: number) => BASE_PORT + 1 + i;
const INSTANCES = 3;
const PHASE_MS = Number(process.env.SCALE_TEST_PHASE_MS ?? 8000);
const FAULT_PHASE_MS = 34_000;
const REPLICA_DOWN_MS = 20_000;
/** An operation may take this long to succeed after its first failed attempt. */
const FAILOVER_LIMIT_MS = 5000;
const LEARNERS = 16;
const VISITORS = 8;
const MANAGERS = 4;
const CAPACITY = 4;
const JWT_SECRET = 'scale-test-secret-scale-test-secret-0123';
const out = (line: string) => process.stdout.write(`${line}\n`);

function ensureHaproxy(): string {
  const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  if (found) return found;
  out('haproxy is missing: apt-get install -y haproxy');
  execFileSync('apt-get', ['install', '-y', '-q', 'haproxy'], { stdio: 'inherit' });
  return ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p)) ?? 'haproxy';
}

/** deploy/haproxy.cfg with loopback addresses: only bind and server lines change. */
function proxyConfig(servers: number[]): string {
  const reference = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
  const lines = reference.split('\n').filter((l) => !/^\s*server\s/.test(l));
  const config = lines.map((l) => (/^\s*bind\s/.test(l) ? `    bind 127.0.0.1:${PROXY_PORT}` : l)).join('\n');
  return `${config.trimEnd()}\n${servers.map((i) => `    server api${i + 1} 127.0.0.1:${apiPort(i)} check`).join('\n')}\n`;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Stats {
  latencies: number[];
  failedAttempts: number;
  failed: number;
  /** the longest an operation took to succeed after its first failed attempt */
  windowMs: number;
}
const newStats = (): Stats => ({ latencies: [], failedAttempts: 0, failed: 0, windowMs: 0 });

async function main(): Promise<void> {
  const haproxy = ensureHaproxy();
  const dir = mkdtempSync(join(tmpdir(), 'portal-scale-'));
  out(`primary 127.0.0.1:${PRIMARY_PORT}, streaming replica 127.0.0.1:${REPLICA_PORT}, API ${[0, 1, 2].map(apiPort).join(', ')}, proxy ${PROXY_PORT}; logs in ${dir}`);
  const clusters = createReplicatedClusters({ primaryPort: PRIMARY_PORT, replicaPort: REPLICA_PORT });
  const database = await createDatabase({ url: clusters.primaryUrl, poolSize: 6 });
  const store = createEventStore({ database });
  const apis: (ChildProcess | null)[] = [null, null, null];
  let proxy: ChildProcess | null = null;
  const problems: string[] = [];
  let passed = false;
  try {
    await store.migrate();
    await importContentPack(store, systemClock, { file: join(resolveContentDir(), 'pack.json') });

    const startApi = async (i: number) => {
      const log = openSync(join(dir, `api${i + 1}.log`), 'a');
      const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/main.ts')], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(apiPort(i)),
          HOST: '127.0.0.1',
          CONTENT_PORT: '0',
          DATA_DIR: join(dir, `data${i + 1}`),
          DATABASE_URL: clusters.primaryUrl,
          DATABASE_REPLICA_URLS: clusters.replicaUrl,
          EVENTSTORE_URL: '',
          JWT_SECRET,
          TRUST_PROXY: 'true',
          RATE_LIMIT_MAX: '10000000',
          LOG_LEVEL: 'warn',
          DEV_MAILBOX: 'false',
          // as the integration tests: a shared two-core machine may take longer than production's 3 s to catch up
          READ_WAIT_MS: '15000',
          SEED_DEMO: 'false',
          BOOKING_EXPIRY_SWEEP_SECONDS: '0',
          AUDIT_CHECKPOINT_SECONDS: '0',
          WEB_DIST: join(dir, 'no-spa'),
          PUBLIC_URL: `http://127.0.0.1:${PROXY_PORT}`,
        },
        stdio: ['ignore', log, log],
      });
      apis[i] = child;
      const deadline = Date.now() + 120_000;
      while (!(await fetch(`http://127.0.0.1:${apiPort(i)}/api/health`).then((r) => r.ok, () => false))) {
        if (child.exitCode !== null) throw new Error(`API ${i + 1} exited: see ${dir}/api${i + 1}.log`);
        if (Date.now() > deadline) throw new Error(`API ${i + 1} did not start`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    // one at a time: two cores, and each start compiles the sources
    for (let i = 0; i < INSTANCES; i++) await startApi(i);
    out(`${INSTANCES} API instances up`);

    const startProxy = async (servers: number[]) => {
      if (proxy) {
        proxy.kill('SIGTERM');
        await new Promise((r) => (proxy!.exitCode !== null ? r(null) : proxy!.once('exit', r)));
      }
      const file = join(dir, 'haproxy.cfg');
      writeFileSync(file, proxyConfig(servers));
      execFileSync(haproxy, ['-c', '-q', '-f', file]);
      proxy = spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', openSync(join(dir, 'haproxy.log'), 'a'), openSync(join(dir, 'haproxy.log'), 'a')] });
      while (!(await fetch(`http://127.0.0.1:${PROXY_PORT}/api/health`).then((r) => r.ok, () => false))) await new Promise((r) => setTimeout(r, 100));
    };
    const base = `http://127.0.0.1:${PROXY_PORT}/api`;
    const tokens = new TokenService(JWT_SECRET, 3600);
    const issue = (roles: string[], permissions: string[] = [], userId = newId()) =>
      tokens.issue({ sub: userId, sid: newId(), email: `${userId}@scale.example`, roles, permissions, aclTags: ['dist:all'], companyId: null, country: 'BR', allowedStations: 'all', registerStatus: 'Completed', emailVerified: true } as never);
    const admin = await issue(['tc_admin']);

    let stats = newStats();
    /** One operation: retried with the same Idempotency-Key while the answer is a failover symptom. */
    const call = async (method: string, path: string, options: { token?: string; body?: unknown; key?: string; headers?: Record<string, string>; client: number }) => {
      const headers: Record<string, string> = { 'x-forwarded-for': `198.51.100.${options.client % 250}`, ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.key) headers['idempotency-key'] = options.key;
      const began = performance.now();
      let firstFailure: number | null = null;
      for (;;) {
        const attempt = performance.now();
        const res = await fetch(`${base}${path}`, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }), signal: AbortSignal.timeout(10_000) }).then(
          async (r) => ({ status: r.status, text: await r.text(), position: r.headers.get('x-event-position') }),
          () => null,
        );
        if (res && ![502, 503, 504].includes(res.status)) {
          stats.latencies.push(performance.now() - attempt);
          if (firstFailure !== null) stats.windowMs = Math.max(stats.windowMs, performance.now() - firstFailure);
          return { ...res, json: () => JSON.parse(res.text) as any };
        }
        stats.failedAttempts += 1;
        firstFailure ??= performance.now();
        if (performance.now() - began > 30_000) {
          stats.failed += 1;
          return null;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    await startProxy([0, 1, 2]);
    // the training center: 30 slots of CAPACITY seats over the next three days
    const created = await call('POST', '/locations', { token: admin, body: location(CAPACITY, 'Scale Test Center'), client: 0 });
    if (created?.status !== 201) throw new Error(`location: ${created?.status} ${created?.text}`);
    const locationId = String(created.json().locationId);
    const days = nextDays(3);
    const times = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];
    const slots = days.flatMap((date) => times.map((time) => ({ date, time })));

    const pack = JSON.parse(readFileSync(join(resolveContentDir(), 'pack.json'), 'utf8')) as {
      stations: { stationId: string; entries?: { entryId: string; type: string; duration?: number }[] }[];
      questions: { questionId: string; options: { id: string }[] }[];
    };
    const videos = pack.stations.flatMap((s) => (s.entries ?? []).filter((e) => e.type === 'video').map((e) => ({ station: s.stationId, entry: e.entryId, duration: e.duration ?? 10 })));
    const questions = pack.questions.filter((q) => q.options.length > 0);
    const learners = await Promise.all(Array.from({ length: LEARNERS }, async () => {
      const userId = newId();
      return { userId, token: await issue(['learner'], [], userId), answered: 0 };
    }));
    const manager = await issue(['company_manager'], ['manage_all_companies']);

    /** acknowledged writes by actor: their Idempotency-Keys */
    const acknowledged = new Map<string, string[]>();
    const sentKeys = new Map<string, string[]>();
    const remember = (map: Map<string, string[]>, actor: string, key: string) => (map.get(actor) ?? map.set(actor, []).get(actor)!).push(key);
    const confirmed: { bookingId: string; slot: { date: string; time: string } }[] = [];
    const ryw = { reads: 0, missed: 0 };
    let ops = 0;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    const learnerLoop = async (l: (typeof learners)[number], n: number, until: number) => {
      let k = n;
      while (performance.now() < until) {
        const v = videos[k++ % videos.length]!;
        const session = newId();
        for (let position = 0; position <= v.duration && performance.now() < until; position += 5) {
          const event = position === 0 ? 'play' : position >= v.duration ? 'end' : 'progress';
          const key = newId();
          remember(sentKeys, l.userId, key);
          const res = await call('POST', `/user-store/station/${v.station}/${v.entry}`, { token: l.token, key, body: { event, playSessionId: session, seconds: position, duration: v.duration }, client: n });
          ops += 1;
          if (res?.status === 200) remember(acknowledged, l.userId, key);
          await sleep(100);
        }
        if (l.answered < questions.length) {
          const q = questions[l.answered++]!;
          const key = newId();
          remember(sentKeys, l.userId, key);
          const res = await call('POST', '/user-store/answer', { token: l.token, key, body: { questionId: q.questionId, answerId: q.options[0]!.id, secondsToAnswer: 2.5 }, client: n });
          ops += 1;
          if (res && res.status < 300) remember(acknowledged, l.userId, key);
        }
      }
    };
    let visitorCount = 0;
    const visitorLoop = async (n: number, until: number) => {
      while (performance.now() < until) {
        const slot = slots[(visitorCount * 7 + n) % slots.length]!;
        const email = `v${visitorCount++}-${newId().slice(0, 8)}@scale.example`;
        await call('GET', `/booking/availability?locationId=${locationId}&from=${slot.date}&to=${slot.date}`, { client: 100 + n });
        const requested = await call('POST', '/booking', { key: newId(), body: { locationId, ...slot, name: `Visitor ${n}`, email, acceptedPrivacyPolicy: true, acceptedVisitProtocols: true }, client: 100 + n });
        ops += 2;
        if (requested?.status !== 201) continue;
        const bookingId = String(requested.json().bookingId);
        // read-your-writes: the staff list, on whichever instance and replica, must show it
        const seen = await call('GET', `/booking/staff/bookings?q=${encodeURIComponent(email)}`, { token: admin, headers: { 'x-min-position': requested.position ?? '' }, client: 200 + n });
        ryw.reads += 1;
        if (!seen || !(seen.json().items as { bookingId: string }[]).some((b) => b.bookingId === bookingId)) ryw.missed += 1;
        const [mail] = await query<{ text_body: string }>(database.db, `select text_body from mail_outbox where to_address = $1 and category = 'bookingRequested' limit 1`, [email]);
        const token = /\/public\/booking\/confirm\?token=(\S+)/.exec(mail?.text_body ?? '')?.[1];
        if (!token) continue;
        const done = await call('POST', '/booking/confirm', { key: newId(), body: { token: decodeURIComponent(token) }, client: 100 + n });
        ops += 2;
        if (done?.status === 200) {
          confirmed.push({ bookingId, slot });
          const after = await call('GET', `/booking/staff/bookings?q=${encodeURIComponent(email)}`, { token: admin, headers: { 'x-min-position': done.position ?? '' }, client: 200 + n });
          ryw.reads += 1;
          ops += 1;
          if (!after || !(after.json().items as { bookingId: string; status: string }[]).some((b) => b.bookingId === bookingId && b.status === 'confirmed')) ryw.missed += 1;
        }
        await sleep(200);
      }
    };
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const managerLoop = async (n: number, until: number) => {
      while (performance.now() < until) {
        const res = await call('GET', `/reports/answers?from=${from}`, { token: manager, client: 300 + n });
        ops += 1;
        if (res && res.status !== 200) problems.push(`report answered ${res.status}: ${res.text.slice(0, 200)}`);
        await sleep(300);
      }
    };
    const load = async (ms: number, during?: (t0: number) => Promise<void>) => {
      stats = newStats();
      ops = 0;
      const t0 = performance.now();
      const until = t0 + ms;
      await Promise.all([
        ...learners.map((l, n) => learnerLoop(l, n * 3, until)),
        ...Array.from({ length: VISITORS }, (_, n) => visitorLoop(n, until)),
        ...Array.from({ length: MANAGERS }, (_, n) => managerLoop(n, until)),
        during?.(t0),
      ]);
      const seconds = (performance.now() - t0) / 1000;
      return { seconds, requests: stats.latencies.length, perSecond: stats.latencies.length / seconds, p50: percentile(stats.latencies, 50), p99: percentile(stats.latencies, 99), failedAttempts: stats.failedAttempts, failed: stats.failed, windowMs: stats.windowMs };
    };

    // 1. throughput with 1, 2, 3 instances in service (all three run: their runners hold leases)
    // warm-up, not measured: JIT, connections, the read models' first batches
    await load(5000);
    const scaling: { instances: number; perSecond: number; p50: number; p99: number; failed: number }[] = [];
    for (const n of [1, 2, 3]) {
      await startProxy(Array.from({ length: n }, (_, i) => i));
      const r = await load(PHASE_MS);
      scaling.push({ instances: n, perSecond: r.perSecond, p50: r.p50, p99: r.p99, failed: r.failed });
      out(`${n} instance(s): ${r.requests} requests in ${r.seconds.toFixed(1)} s, ${r.perSecond.toFixed(0)} requests/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, failed ${r.failed}`);
      if (r.failed > 0 || r.failedAttempts > 0) problems.push(`${n} instance(s), no fault: ${r.failedAttempts} failed attempts`);
    }

    // 2. faults under load: kill -9 one instance, stop the replica 20 s and start it again
    const timeline: string[] = [];
    const at = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
    const fault = await load(FAULT_PHASE_MS, async (t0) => {
      await sleep(4000);
      apis[2]!.kill('SIGKILL');
      timeline.push(`${at(t0)} kill -9 API 3 (pid ${apis[2]!.pid})`);
      await sleep(4000);
      clusters.stopReplica('fast');
      timeline.push(`${at(t0)} replica stopped`);
      await sleep(1500);
      const health = await fetch(`${base}/health`).then((r) => r.json() as Promise<{ replicas: { state: string }[] }>, () => null);
      await sleep(REPLICA_DOWN_MS - 1500);
      clusters.startReplica();
      timeline.push(`${at(t0)} replica started (health said ${health?.replicas.map((r) => r.state).join(',') ?? '?'} 1.5 s after the stop)`);
      const deadline = performance.now() + 15_000;
      for (;;) {
        const h = await fetch(`${base}/health`).then((r) => r.json() as Promise<{ replicas: { state: string }[] }>, () => null);
        if (h?.replicas.every((r) => r.state === 'up')) break;
        if (performance.now() > deadline) {
          problems.push('the replica did not come back into the read pool within 15 s');
          break;
        }
        await sleep(200);
      }
      timeline.push(`${at(t0)} replica back in the read pool`);
    });
    out(`faults: ${timeline.join('; ')}`);
    out(`under faults: ${fault.requests} requests, ${fault.perSecond.toFixed(0)} requests/s, p99 ${fault.p99.toFixed(1)} ms; ${fault.failedAttempts} failed attempts retried, ${fault.failed} operations failed; failover window ${fault.windowMs.toFixed(0)} ms (limit ${FAILOVER_LIMIT_MS} ms)`);
    if (fault.failed > 0) problems.push(`${fault.failed} operations failed for good under faults`);
    if (fault.windowMs > FAILOVER_LIMIT_MS) problems.push(`failover window ${fault.windowMs.toFixed(0)} ms > ${FAILOVER_LIMIT_MS} ms`);

    // 3. the checks, from the log
    for (const child of apis) child?.kill('SIGTERM');
    await Promise.all(apis.map((c) => (c && c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    const events: RecordedEvent[] = [];
    for (let after = START; ; ) {
      const page = await store.readAll({ after, limit: 5000 });
      events.push(...page.events);
      if (page.events.length === 0) break;
      after = page.checkpoint;
    }
    const ids = new Set(events.map((e) => e.metadata.eventId));
    const byStream = new Map<string, RecordedEvent[]>();
    for (const e of events) (byStream.get(e.streamId) ?? byStream.set(e.streamId, []).get(e.streamId)!).push(e);
    let lost = 0;
    let doubled = 0;
    for (const l of learners) {
      const streams = [...byStream.keys()].filter((s) => s.includes(l.userId));
      const derived = new Set<string>();
      for (const key of sentKeys.get(l.userId) ?? []) for (const s of streams) for (let i = 0; i < 4; i++) derived.add(keyedEventId(l.userId, key, s, i));
      for (const key of acknowledged.get(l.userId) ?? []) if (!streams.some((s) => ids.has(keyedEventId(l.userId, key, s, 0)))) lost += 1;
      // an event in the learner's streams that no key of theirs names: a write stored twice
      for (const s of streams) for (const e of byStream.get(s)!) if (e.metadata?.actor === l.userId && !derived.has(e.metadata.eventId)) doubled += 1;
    }
    let overbooked = 0;
    const held = new Map<string, Set<string>>();
    for (const s of slots) {
      const seats = new Set<string>();
      for (const e of byStream.get(slotStream(locationId, s.date, s.time)) ?? []) (e.type === 'SlotSeatTaken' ? seats.add(String(e.data.bookingId)) : seats.delete(String(e.data.bookingId)));
      held.set(`${s.date} ${s.time}`, seats);
      if (seats.size > CAPACITY) overbooked += 1;
    }
    for (const c of confirmed) {
      const confirmations = (byStream.get(bookingStream(c.bookingId)) ?? []).filter((e) => e.type === 'BookingConfirmed').length;
      if (confirmations === 0 || !held.get(`${c.slot.date} ${c.slot.time}`)!.has(c.bookingId)) lost += 1;
      if (confirmations > 1) doubled += 1;
    }
    const acked = [...acknowledged.values()].reduce((n, k) => n + k.length, 0) + confirmed.length;
    out(`acknowledged writes ${acked}: lost ${lost}, stored twice ${doubled}; bookings confirmed ${confirmed.length}, slots over capacity ${overbooked}; read-your-writes reads ${ryw.reads}, missed ${ryw.missed}`);
    if (lost > 0) problems.push(`${lost} acknowledged writes lost`);
    if (doubled > 0) problems.push(`${doubled} writes stored twice`);
    if (overbooked > 0) problems.push(`${overbooked} slots over capacity`);
    if (ryw.missed > 0) problems.push(`${ryw.missed} read-your-writes reads missed their write`);
    if (ryw.reads === 0 || acked === 0) problems.push('the load wrote nothing');

    // the read models equal a rebuild from the log
    const runtime = new ProjectionRuntime(database, store, PROJECTIONS_LIST, { run: false });
    await runtime.start();
    await runtime.catchUp(60_000);
    const names = PROJECTIONS_LIST.map((p) => p.name);
    const before = new Map<string, string>();
    for (const name of names) before.set(name, await dumpSchema(database, runtime.schemaOf(name)));
    const t0 = performance.now();
    await runtime.rebuildTogether(names);
    const differing = [];
    for (const name of names) if ((await dumpSchema(database, runtime.schemaOf(name))) !== before.get(name)) differing.push(name);
    await runtime.stop();
    out(`rebuilt ${names.length} read models from ${events.length} events in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${differing.length === 0 ? 'all equal the live ones' : `differ: ${differing.join(', ')}`}`);
    if (differing.length > 0) problems.push(`read models differ from a rebuild: ${differing.join(', ')}`);

    out('');
    out(`| instances | requests/s | p50 ms | p99 ms |`);
    out(`|---|---|---|---|`);
    for (const s of scaling) out(`| ${s.instances} | ${s.perSecond.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} |`);
    out(`| 3, kill -9 + replica 20 s down | ${fault.perSecond.toFixed(0)} | ${fault.p50.toFixed(1)} | ${fault.p99.toFixed(1)} |`);
    passed = true;
    out(`failover window ${fault.windowMs.toFixed(0)} ms; ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`);
  } finally {
    for (const child of apis) if (child && child.exitCode === null) child.kill('SIGKILL');
    (proxy as ChildProcess | null)?.kill('SIGTERM');
    await store.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    clusters.destroy();
    if (passed && problems.length === 0) rmSync(dir, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    out(`\nFAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  out('\nscale test passed');
}

/** Every table of a schema, rows sorted, as one string (what a rebuild must reproduce). */
async function dumpSchema(database: Awaited<ReturnType<typeof createDatabase>>, schema: string): Promise<string> {
  const tables = await query<{ table_name: string }>(database.db, `select table_name from information_schema.tables where table_schema = $1 order by table_name`, [schema]);
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await query<{ row: string }>(database.db, `select t::text as row from "${schema}"."${table_name}" t order by 1`);
    parts.push(`${table_name}:${rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n--\n');
}

function nextDays(n: number): string[] {
  const today = new Date();
  return Array.from({ length: n }, (_, d) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2 + d)).toISOString().slice(0, 10));
}

await main();
