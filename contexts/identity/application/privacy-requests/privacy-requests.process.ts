import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { AppError, DEFAULT_LOCALE, newId, type Clock } from '@portal/kernel';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, loadState, MAILER, PROJECTIONS, type AppConfig } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { dueErasures, pendingExports, type PrivacyRequestRow } from '@portal/projection-privacy-requests';
import { instantPlusDays, EXPORT_LINK_DAYS, userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { renderMail } from '../shared/mail-templates.js';
import { SubjectEraser } from '../shared/subject-eraser.js';
import { BuildDataExportQuery, type BuiltDataExport } from './build-data-export/build-data-export.query.js';
import { DataExportStore } from './data-export-store.js';
import { decideOnPrivacy, PRIVACY_READ_MODEL, privacyReader } from './privacy-record.js';

const BATCH = 50;
/** The safety net: requests also kick a sweep at once; this catches a restart or a failure. */
export const PRIVACY_SWEEP_MS = 60_000;

export interface PrivacySweepResult {
  exported: number;
  erased: number;
  /** erasures due but blocked by a legal hold */
  held: number;
  failed: number;
  expiredFiles: number;
}

export const exportLinkOf = (publicUrl: string, requestId: string) => `${publicUrl.replace(/\/$/, '')}/privacy/exports/${requestId}`;

/**
 * The background job of the rights workflow (ADR 0092): builds each pending export (the ZIP is
 * stored first, then DataExportPrepared is decided, then the link mailed), erases each deletion
 * whose grace period ended (AccountErasureStarted is decided, refused under a legal hold, then
 * SubjectEraser runs, then AccountErased records its proof), and deletes export files whose link
 * expired. Every step is a decision on the subject's own stream, so a second run, or a second
 * instance, changes nothing more; a crash between the eraser and its record is retried (the
 * eraser is idempotent and answers its first proof).
 */
@Injectable()
export class PrivacyRequestsProcess implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PrivacyRequests');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PrivacySweepResult> | null = null;
  private again = false;
  private readonly context: AppendContext = { correlationId: 'privacy-requests', actor: 'system:privacy', origin: 'system' };

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DataExportStore) private readonly files: DataExportStore,
    @Inject(SubjectEraser) private readonly eraser: SubjectEraser,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), PRIVACY_SWEEP_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** A sweep soon, without waiting for it (a request was just recorded). */
  kick(): void {
    if (this.running) this.again = true;
    this.runOnce().catch((error: unknown) => this.logger.error(`sweep failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** One sweep (the timer's, a request's, or a test's after moving the clock); concurrent calls share it. */
  runOnce(): Promise<PrivacySweepResult> {
    this.running ??= this.sweep().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
    return this.running;
  }

  private async sweep(): Promise<PrivacySweepResult> {
    await this.projections.waitForAll([PRIVACY_READ_MODEL], await this.store.headCheckpoint(), 10_000);
    const reader = privacyReader(this.projections);
    const result: PrivacySweepResult = { exported: 0, erased: 0, held: 0, failed: 0, expiredFiles: 0 };
    for (const row of await pendingExports(reader, BATCH)) {
      try {
        if (await this.prepareExport(row)) result.exported += 1;
      } catch (error) {
        result.failed += 1;
        this.logger.error(`export ${row.request_id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    for (const row of await dueErasures(reader, this.clock.now().toISOString(), BATCH)) {
      try {
        const outcome = await this.erase(row);
        if (outcome === 'erased') result.erased += 1;
        if (outcome === 'held') result.held += 1;
      } catch (error) {
        result.failed += 1;
        this.logger.error(`erasure ${row.request_id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    result.expiredFiles = await this.files.deleteExpired(this.clock.now().toISOString());
    return result;
  }

  private async prepareExport(row: PrivacyRequestRow): Promise<boolean> {
    const { state: user } = await loadState(this.store, userStream(row.user_id), userDecider);
    const now = this.clock.now().toISOString();
    const locale = user.status === 'registered' ? (user.lang ?? DEFAULT_LOCALE) : DEFAULT_LOCALE;
    const built: BuiltDataExport = await this.queries.execute(new BuildDataExportQuery(row.user_id, row.request_id, locale, now));
    const fileId = newId();
    await this.files.save(fileId, row.user_id, row.request_id, built.zip, instantPlusDays(now, EXPORT_LINK_DAYS));
    const { changed } = await decideOnPrivacy(
      this.store,
      row.user_id,
      { type: 'RecordExportPrepared', data: { requestId: row.request_id, userId: row.user_id, fileId, events: built.events, bytes: built.zip.length, sha256: built.sha256, now } },
      this.context,
    );
    if (changed && user.status === 'registered') {
      const mail = renderMail('dataExportReady', locale, { link: `${exportLinkOf(this.config.publicUrl, row.request_id)}?lang=${locale}`, email: user.email, days: EXPORT_LINK_DAYS });
      await this.mailer.send({ to: user.email, ...mail, category: 'dataExportReady', locale });
    }
    return changed;
  }

  private async erase(row: PrivacyRequestRow): Promise<'erased' | 'held' | 'none'> {
    const now = this.clock.now().toISOString();
    if (row.status === 'pending') {
      try {
        const { changed } = await decideOnPrivacy(this.store, row.user_id, { type: 'StartErasure', data: { requestId: row.request_id, userId: row.user_id, now } }, this.context);
        if (!changed) return 'none';
      } catch (error) {
        if (error instanceof AppError && error.code === 'privacy-legal-hold') return 'held';
        throw error;
      }
    }
    const { proof } = await this.eraser.erase(row.user_id, { requestId: row.request_id, actorId: row.requested_by });
    await this.files.deleteOf(row.user_id);
    const { changed } = await decideOnPrivacy(this.store, row.user_id, { type: 'RecordErasure', data: { requestId: row.request_id, userId: row.user_id, proof, now: this.clock.now().toISOString() } }, this.context);
    return changed ? 'erased' : 'none';
  }
}
