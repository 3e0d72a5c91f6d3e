import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import type { Database } from '@portal/database';
import { checkpointToString, type LogAudit, type LogVerifyProgress, type LogVerifyResult } from '@portal/eventstore';
import { AppError, newId, type Clock, iso } from '@portal/kernel';
import { APP_CONFIG, CLOCK, DATABASE, ensureLogVerificationRuns, LOG_AUDIT, verifyWholeLog, type AppConfig } from '@portal/platform';
import type { AuditVerification } from '../../contracts/index.js';
import { requireLogAudit } from './audit-index.js';

/** A running run whose heartbeat is older than this was left by an instance that stopped: it no longer blocks a new one. */
export const RUN_STALE_MS = 30_000;
/** How often a run writes its progress (and heartbeat) at most. */
const PROGRESS_EVERY_MS = 500;

interface RunRow {
  id: string;
  status: AuditVerification['status'];
  started_by: string;
  started_at: Date | string;
  finished_at: Date | string | null;
  heartbeat_at: Date | string;
  checked: string | number;
  total: string | number;
  events_per_second: number;
  result: unknown;
  error: string | null;
}


/** What a finished run keeps: the counts, where the seal ends, and every break (the first is the first broken place). */
export function resultOf(result: LogVerifyResult): NonNullable<AuditVerification['result']> {
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

/**
 * Whole-log verifications started from the auditor's screen (ADR 0071): `audit verify --all`'s
 * function run in this API process, its progress and result in the table
 * `audit_verification_runs`, so every instance answers the same and at most one runs per
 * installation (a partial unique index on the running row; a run whose instance stopped is
 * marked interrupted once its heartbeat is 30 s old).
 */
@Injectable()
export class AuditVerificationRuns implements OnModuleInit {
  private running: Promise<void> | null = null;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOG_AUDIT) private readonly logAudit: LogAudit | null,
  ) {}

  async onModuleInit(): Promise<void> {
    await ensureLogVerificationRuns(this.database);
  }

  /** Starts a run unless one is running (409 audit-verification-running). */
  async start(auditorId: string): Promise<AuditVerification> {
    const logAudit = requireLogAudit(this.logAudit);
    const db = this.database.db;
    const now = this.clock.now();
    await sql`update audit_verification_runs set status = 'interrupted', finished_at = ${now}
               where status = 'running' and heartbeat_at < ${new Date(now.getTime() - RUN_STALE_MS)}`.execute(db);
    const id = newId();
    try {
      await sql`insert into audit_verification_runs (id, status, started_by, started_at, heartbeat_at) values (${id}, 'running', ${auditorId}, ${now}, ${now})`.execute(db);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new AppError('audit-verification-running');
      throw error;
    }
    this.running = this.run(logAudit, id, now).finally(() => {
      this.running = null;
    });
    return (await this.byId(id))!;
  }

  /** The running or latest run (null before the first). */
  async current(): Promise<AuditVerification | null> {
    const rows = await sql<RunRow>`select * from audit_verification_runs order by (status = 'running') desc, seq desc limit 1`.execute(this.database.db);
    return rows.rows[0] ? this.toRun(rows.rows[0]) : null;
  }

  async byId(id: string): Promise<AuditVerification | null> {
    const rows = await sql<RunRow>`select * from audit_verification_runs where id = ${id}`.execute(this.database.db);
    return rows.rows[0] ? this.toRun(rows.rows[0]) : null;
  }

  /** Tests and shutdown: the run this process started, if any, finished. */
  async settled(): Promise<void> {
    await this.running;
  }

  private async run(logAudit: LogAudit, id: string, startedAt: Date): Promise<void> {
    const db = this.database.db;
    const started = performance.now();
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const rate = (checked: number) => Math.round(checked / Math.max((performance.now() - started) / 1000, 0.001));
    const progress = (p: LogVerifyProgress) => {
      const at = performance.now();
      if (at - lastWrite < PROGRESS_EVERY_MS && p.checked < p.total) return;
      lastWrite = at;
      const now = this.clock.now();
      writing = writing
        .then(() => sql`update audit_verification_runs set checked = ${p.checked}, total = ${p.total}, events_per_second = ${rate(p.checked)}, heartbeat_at = ${now} where id = ${id} and status = 'running'`.execute(db))
        .catch(() => undefined);
    };
    try {
      const result = await verifyWholeLog(logAudit, this.config, progress);
      await writing;
      const finishedAt = new Date(Math.max(this.clock.now().getTime(), startedAt.getTime()));
      await sql`update audit_verification_runs set status = ${result.ok ? 'passed' : 'failed'}, finished_at = ${finishedAt}, heartbeat_at = ${finishedAt},
                 checked = ${result.events}, total = ${result.events}, events_per_second = ${rate(result.events)}, result = ${JSON.stringify(resultOf(result))}::jsonb
               where id = ${id}`.execute(db);
    } catch (error) {
      await writing;
      await sql`update audit_verification_runs set status = 'error', finished_at = ${this.clock.now()}, error = ${error instanceof Error ? error.message : String(error)} where id = ${id}`
        .execute(db)
        .catch(() => undefined);
    }
  }

  private toRun(row: RunRow): AuditVerification {
    const stale = row.status === 'running' && this.clock.now().getTime() - new Date(row.heartbeat_at).getTime() > RUN_STALE_MS;
    const result = typeof row.result === 'string' ? (JSON.parse(row.result) as AuditVerification['result']) : (row.result as AuditVerification['result']);
    return {
      runId: row.id,
      status: stale ? 'interrupted' : row.status,
      startedBy: row.started_by,
      startedAt: iso(row.started_at),
      finishedAt: row.finished_at ? iso(row.finished_at) : null,
      checked: Number(row.checked),
      total: Number(row.total),
      eventsPerSecond: row.events_per_second,
      result: result ?? null,
      error: row.error,
    };
  }
}
