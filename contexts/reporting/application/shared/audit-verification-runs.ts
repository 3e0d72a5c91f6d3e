import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import type { Database } from '@portal/database';
import type { LogAudit } from '@portal/eventstore';
import { AppError, iso, type Clock } from '@portal/kernel';
import {
  APP_CONFIG,
  CLOCK,
  DATABASE,
  ensureLogVerificationRuns,
  LOG_AUDIT,
  LOG_VERIFICATION_STALE_MS,
  LogVerificationRunning,
  openLogVerificationRun,
  recordLogVerification,
  type AppConfig,
  type LogVerificationRun,
} from '@portal/platform';
import type { AuditVerification } from '../../contracts/index.js';
import { requireLogAudit } from './audit-index.js';

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

  /** Starts a run unless one is running (409 audit-verification-running), the screen's or the CLI's. */
  async start(auditorId: string): Promise<AuditVerification> {
    const logAudit = requireLogAudit(this.logAudit);
    let run: LogVerificationRun;
    try {
      run = await openLogVerificationRun(this.database, this.clock, auditorId);
    } catch (error) {
      if (error instanceof LogVerificationRunning) throw new AppError('audit-verification-running');
      throw error;
    }
    // the run records its own failure (status error)
    this.running = recordLogVerification(this.database, logAudit, this.config, this.clock, run).then(
      () => {
        this.running = null;
      },
      () => {
        this.running = null;
      },
    );
    return (await this.byId(run.runId))!;
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

  private toRun(row: RunRow): AuditVerification {
    const stale = row.status === 'running' && this.clock.now().getTime() - new Date(row.heartbeat_at).getTime() > LOG_VERIFICATION_STALE_MS;
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
