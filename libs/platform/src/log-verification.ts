import { query, type Database } from '@portal/database';
import {
  fileWitness,
  publicKeyOf,
  type EventStore,
  type LogAudit,
  type LogVerifyProgress,
  type LogVerifyResult,
  type StreamVerification,
  type WholeLogVerification,
} from '@portal/eventstore';
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
