import { query, type Database } from '@portal/database';
import {
  checkpointToString,
  fileWitness,
  publicKeyOf,
  type EventStore,
  type LogAudit,
  type LogVerifyProgress,
  type LogVerifyResult,
  type StreamVerification,
  type WholeLogVerification,
} from '@portal/eventstore';
import { newId, type Clock } from '@portal/kernel';
import type { AppConfig } from './config.js';

/** Dependency-injection token of the whole-log audit (ADR 0030); its value is null on EventStoreDB. */
export const LOG_AUDIT = Symbol.for('portal.LogAudit');

/** The public keys a verification accepts: the configured signing key's and the retired ones (ADR 0030). */
export const auditTrustedKeys = (config: AppConfig): string[] => [publicKeyOf(config.audit.signingKey), ...config.audit.trustedKeys];

/**
 * `audit verify --all` (ADR 0030): every stream chain and every checkpoint, against the trusted
 * keys and this installation's witness file. The CLI and the auditor's screen (ADR 0071) run this
 * one function; only how they show the progress differs.
 */
export const verifyWholeLog = (logAudit: LogAudit, config: AppConfig, onProgress?: (progress: LogVerifyProgress) => void): Promise<LogVerifyResult> =>
  logAudit.verify({ trustedKeys: auditTrustedKeys(config), witness: fileWitness(config.audit.witnessFile), ...(onProgress ? { onProgress } : {}) });

/** Where a break is, in words (the CLI's lines, the auditor's "last verified" line). */
export const whereOf = (b: BreakPlace) =>
  b.kind === 'stream' ? `stream ${b.streamId}, revision ${b.revision}` : `checkpoint ${b.checkpoint}${b.position === null || b.position === undefined ? '' : `, global position ${b.position}`}`;
/** A break as found (LogBreak) or as a run keeps it (decimal strings). */
type BreakPlace = { kind: 'stream' | 'checkpoint'; streamId?: string | null; revision?: bigint | string | null; checkpoint?: bigint | string | null; position?: bigint | string | null };

/**
 * `audit verify <stream>` (ADR 0030, 0083), the one per-stream verification: the CLI and every
 * auditor route (user history, answer sheet, booking, scheduled event, timeline) run it. The
 * stream's chain is recomputed; then, on the Postgres/PGlite log, its events are checked against
 * the newest signed checkpoint that sealed them, so an edited recorded_at, a head moved back or a
 * chain recomputed with es_event_hash is broken here too, and events after that checkpoint say
 * they are not sealed yet. On EventStoreDB (no checkpoints) only the chain is checked.
 */
export async function verifySealedStream(store: EventStore, logAudit: LogAudit | null, config: AppConfig, streamId: string): Promise<StreamVerification> {
  const chain = await store.verifyStream(streamId);
  const base = { streamId, checked: chain.checked };
  if (!chain.ok) {
    const revision = chain.brokenAt ?? 0n;
    return { ...base, verified: false, brokenAt: revision.toString(), reason: `${whereOf({ kind: 'stream', streamId, revision })}: ${chain.reason ?? 'broken'}`, seal: 'broken', checkpoint: null, sealedRevision: null, sealedAt: null, unsealed: 0 };
  }
  if (!logAudit) return { ...base, verified: true, brokenAt: null, reason: null, seal: 'unsealed', checkpoint: null, sealedRevision: null, sealedAt: null, unsealed: chain.checked };
  const verdict = await logAudit.verifySealedStream(streamId, { trustedKeys: auditTrustedKeys(config), witness: fileWitness(config.audit.witnessFile) });
  const sealed = {
    checkpoint: verdict.sealed?.checkpoint.toString() ?? null,
    sealedRevision: verdict.sealed?.revision.toString() ?? null,
    sealedAt: verdict.sealed?.sealedAt.toISOString() ?? null,
    unsealed: verdict.unsealed,
  };
  if (verdict.break) {
    const b = verdict.break;
    const brokenAt = b.kind === 'stream' ? b.revision : (b.revision ?? null);
    return { ...base, ...sealed, verified: false, brokenAt: brokenAt?.toString() ?? null, reason: `${whereOf(b)}: ${b.reason}`, seal: 'broken' };
  }
  const seal = !verdict.sealed ? 'unsealed' : verdict.unsealed > 0 ? 'partly-sealed' : 'sealed';
  return { ...base, ...sealed, verified: true, brokenAt: null, reason: null, seal };
}

/** Several streams' verifications, a few at a time, in the order given. */
export async function verifySealedStreams(store: EventStore, logAudit: LogAudit | null, config: AppConfig, streamIds: readonly string[]): Promise<StreamVerification[]> {
  const out: StreamVerification[] = [];
  for (let i = 0; i < streamIds.length; i += 4) out.push(...(await Promise.all(streamIds.slice(i, i + 4).map((s) => verifySealedStream(store, logAudit, config, s)))));
  return out;
}

/**
 * Whole-log verification runs (`audit verify --all` and the auditor's screen, ADR 0071): one row
 * per run in the default schema, at most one running per installation (a partial unique index).
 * Created at start by the reporting context's runs and by the CLI.
 */
export async function ensureLogVerificationRuns(database: Database): Promise<void> {
  await query(
    database.db,
    `create table if not exists audit_verification_runs (
      id uuid primary key,
      seq bigserial not null,
      status text not null,
      started_by text not null,
      started_at timestamptz not null,
      finished_at timestamptz,
      heartbeat_at timestamptz not null,
      checked bigint not null default 0,
      total bigint not null default 0,
      events_per_second double precision not null default 0,
      result jsonb,
      error text
    )`,
  );
  await query(database.db, `create unique index if not exists audit_verification_runs_one_running on audit_verification_runs (status) where status = 'running'`);
  await query(database.db, `create index if not exists audit_verification_runs_seq on audit_verification_runs (seq desc)`);
}

/** When the whole log was last verified and with what result (every per-subject audit answer shows it, ADR 0083). */
export async function latestWholeLogVerification(database: Database): Promise<WholeLogVerification> {
  const [table] = await query<{ t: string | null }>(database.db, `select to_regclass('audit_verification_runs')::text as t`);
  if (!table?.t) return null;
  const [row] = await query<{ status: 'passed' | 'failed'; finished_at: Date | string; checked: string | number; result: unknown }>(
    database.db,
    `select status, finished_at, checked, result from audit_verification_runs where status in ('passed', 'failed') order by finished_at desc, seq desc limit 1`,
  );
  if (!row) return null;
  const result = (typeof row.result === 'string' ? JSON.parse(row.result) : row.result) as { breaks?: Array<BreakPlace & { reason: string }> } | null;
  const first = result?.breaks?.[0];
  return { status: row.status, finishedAt: new Date(row.finished_at).toISOString(), events: Number(row.checked), firstBreak: first ? `${whereOf(first)}: ${first.reason}` : null };
}

/** A running run whose heartbeat is older than this was left by a process that stopped: it no longer blocks a new one. */
export const LOG_VERIFICATION_STALE_MS = 30_000;
/** How often a run writes its progress (and heartbeat) at most. */
const PROGRESS_EVERY_MS = 500;

/** A break as a run keeps it (decimal strings). */
export interface LogVerificationBreak {
  kind: 'stream' | 'checkpoint';
  streamId: string | null;
  revision: string | null;
  checkpoint: string | null;
  position: string | null;
  reason: string;
}
/** What a finished run keeps: the counts, where the seal ends, and every break (the first is the first broken place). */
export interface LogVerificationRunResult {
  events: number;
  streams: number;
  checkpoints: number;
  unsealed: number;
  sealedUpTo: string | null;
  checkpoint: string | null;
  breaks: LogVerificationBreak[];
}

export function logVerificationRunResultOf(result: LogVerifyResult): LogVerificationRunResult {
  return {
    events: result.events,
    streams: result.streams,
    checkpoints: result.checkpoints,
    unsealed: result.unsealed,
    sealedUpTo: result.sealedUpTo ? checkpointToString(result.sealedUpTo) : null,
    checkpoint: result.checkpoints > 0 ? String(result.checkpoints) : null,
    breaks: result.breaks.map((b) =>
      b.kind === 'stream'
        ? { kind: 'stream', streamId: b.streamId, revision: b.revision.toString(), checkpoint: null, position: null, reason: b.reason }
        : { kind: 'checkpoint', streamId: b.streamId ?? null, revision: b.revision?.toString() ?? null, checkpoint: b.checkpoint.toString(), position: b.position?.toString() ?? null, reason: b.reason },
    ),
  };
}

/** A started run: its row's id and when it started. */
export interface LogVerificationRun {
  runId: string;
  startedAt: Date;
}

/** Another whole-log verification is running (the one-running row of `audit_verification_runs`). */
export class LogVerificationRunning extends Error {
  constructor(readonly running: { runId: string; startedBy: string; startedAt: Date; checked: number; total: number } | null) {
    super('A verification of the whole log is already running');
  }
}

/**
 * Opens a whole-log verification run (ADR 0071, 0083): a running row by `startedBy` (an auditor's
 * user id, or `cli:<OS user>` for `audit verify --all`), after marking a running row whose
 * heartbeat is older than 30 s interrupted. Throws `LogVerificationRunning` while another runs
 * (the partial unique index decides between two that start together).
 */
export async function openLogVerificationRun(database: Database, clock: Clock, startedBy: string): Promise<LogVerificationRun> {
  const now = clock.now();
  await query(database.db, `update audit_verification_runs set status = 'interrupted', finished_at = $1 where status = 'running' and heartbeat_at < $2`, [now, new Date(now.getTime() - LOG_VERIFICATION_STALE_MS)]);
  const runId = newId();
  try {
    await query(database.db, `insert into audit_verification_runs (id, status, started_by, started_at, heartbeat_at) values ($1, 'running', $2, $3, $3)`, [runId, startedBy, now]);
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    const [row] = await query<{ id: string; started_by: string; started_at: Date | string; checked: string | number; total: string | number }>(
      database.db,
      `select id, started_by, started_at, checked, total from audit_verification_runs where status = 'running' limit 1`,
    );
    throw new LogVerificationRunning(row ? { runId: row.id, startedBy: row.started_by, startedAt: new Date(row.started_at), checked: Number(row.checked), total: Number(row.total) } : null);
  }
  return { runId, startedAt: now };
}

/**
 * Runs `verifyWholeLog` for an opened run and records it: progress and heartbeat at most every
 * 500 ms, then passed or failed with the checked count and the result (an exception: error, then
 * rethrown). The auditor's screen and the CLI both record their runs this way, so the subjects'
 * "whole log last verified" line (`latestWholeLogVerification`) reads either.
 */
export async function recordLogVerification(
  database: Database,
  logAudit: LogAudit,
  config: AppConfig,
  clock: Clock,
  run: LogVerificationRun,
  onProgress?: (progress: LogVerifyProgress) => void,
): Promise<LogVerifyResult> {
  const db = database.db;
  const started = performance.now();
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const rate = (checked: number) => Math.round(checked / Math.max((performance.now() - started) / 1000, 0.001));
  const progress = (p: LogVerifyProgress) => {
    onProgress?.(p);
    const at = performance.now();
    if (at - lastWrite < PROGRESS_EVERY_MS && p.checked < p.total) return;
    lastWrite = at;
    const now = clock.now();
    writing = writing
      .then(() => query(db, `update audit_verification_runs set checked = $2, total = $3, events_per_second = $4, heartbeat_at = $5 where id = $1 and status = 'running'`, [run.runId, p.checked, p.total, rate(p.checked), now]))
      .catch(() => undefined);
  };
  try {
    const result = await verifyWholeLog(logAudit, config, progress);
    await writing;
    const finishedAt = new Date(Math.max(clock.now().getTime(), run.startedAt.getTime()));
    await query(
      db,
      `update audit_verification_runs set status = $2, finished_at = $3, heartbeat_at = $3, checked = $4, total = $4, events_per_second = $5, result = $6::jsonb where id = $1`,
      [run.runId, result.ok ? 'passed' : 'failed', finishedAt, result.events, rate(result.events), JSON.stringify(logVerificationRunResultOf(result))],
    );
    return result;
  } catch (error) {
    await writing;
    await query(db, `update audit_verification_runs set status = 'error', finished_at = $2, error = $3 where id = $1`, [run.runId, clock.now(), error instanceof Error ? error.message : String(error)]).catch(() => undefined);
    throw error;
  }
}
