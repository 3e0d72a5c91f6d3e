import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DEFAULT_LOCALE, isLocale, newId, type Clock } from '@portal/kernel';
import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import { CATALOGUE, CLOCK, EVENT_STORE, handleCommand, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { pendingIssues } from '@portal/projection-certificates';
import type { CatalogueReader } from '@portal/learning/contracts';
import { findUserById } from '@portal/projection-users';
import { certificateStream } from '../../contracts/index.js';
import { certificateDecider } from '../../domain/index.js';

const DEBOUNCE_MS = 1000;
const SWEEP_MS = 10_000;
const BATCH = 200;

/**
 * The certificate process manager (000 §4.3, 001 §4): the certificates read model says which
 * learners meet every station rule of a crop's certificate and hold none yet; for each, the
 * certificate decider records CertificateIssued in the learner's certificate stream. It runs
 * after appends (debounced), every 10 s, and on demand for one learner (their certificate
 * screen), so a certificate is there by the time the learner looks. The stream is the
 * consistency boundary: two runs, or two API instances, never issue twice (ADR 0045).
 */
@Injectable()
export class CertificateIssuer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CertificateIssuer');
  private timer: NodeJS.Timeout | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,
  ) {}

  onApplicationBootstrap(): void {
    if (process.env.CERTIFICATE_ISSUER === 'off') return;
    this.unsubscribe = this.store.onAppended(() => this.schedule());
    this.timer = setInterval(() => this.schedule(), SWEEP_MS);
    this.timer.unref();
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    if (this.debounce) clearTimeout(this.debounce);
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped || this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      this.runOnce().catch((error: unknown) => this.logger.error(`issuing failed: ${error instanceof Error ? error.message : String(error)}`));
    }, DEBOUNCE_MS);
    this.debounce.unref();
  }

  /** One sweep over every pending learner; concurrent calls share it. Returns certificates issued. */
  runOnce(): Promise<number> {
    this.running ??= this.sweep().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * One learner, now (after the read model caught up with everything committed); returns once
   * the read model shows what was issued, so the caller's next read finds it.
   */
  async issueFor(userId: string): Promise<number> {
    await this.projections.waitForHead('certificates');
    const pending = await pendingIssues(this.projections.reader('certificates'), { actor: userId });
    if (pending.length === 0) return 0;
    const { issued } = await this.issuePending(pending);
    // ours, or a concurrent sweep's (then our decider recorded nothing): wait until it shows
    await this.projections.waitForHead('certificates');
    return issued;
  }

  private async sweep(): Promise<number> {
    if (this.stopped) return 0;
    await this.projections.waitForHead('certificates');
    let issued = 0;
    for (;;) {
      const pending = await pendingIssues(this.projections.reader('certificates'), { limit: BATCH });
      if (pending.length === 0 || this.stopped) return issued;
      const { issued: n } = await this.issuePending(pending);
      issued += n;
      if (n === 0) return issued;
      await this.projections.waitForHead('certificates');
    }
  }

  private async issuePending(pending: Awaited<ReturnType<typeof pendingIssues>>): Promise<{ issued: number; checkpoint: Checkpoint | null }> {
    if (pending.length === 0) return { issued: 0, checkpoint: null };
    const catalogue = await this.catalogue.model();
    let issued = 0;
    let checkpoint: Checkpoint | null = null;
    for (const p of pending) {
      const rule = catalogue.certificates.find((c) => c.certificateId === p.certificateId);
      if (!rule) continue;
      const user = await findUserById(this.projections.reader('users'), p.actor).catch(() => undefined);
      const lang = user?.lang && isLocale(user.lang) ? user.lang : DEFAULT_LOCALE;
      const context: AppendContext = { correlationId: `certificate-${p.actor}-${p.certificateId}`, actor: 'system', origin: 'system' };
      const { events, result } = await handleCommand(
        this.store,
        certificateStream(p.actor, p.certificateId),
        certificateDecider,
        {
          type: 'IssueCertificate',
          data: {
            certificateId: newId(),
            ruleId: p.certificateId,
            ruleRevision: p.ruleRevision,
            cropId: p.cropId,
            userId: p.actor,
            holderName: user?.name ?? null,
            lang,
            title: rule.title,
            // the read model's evidence (each station rule with its station's completion); the decider judges it
            evidence: p.rules,
            issuedAt: this.clock.now().toISOString(),
          },
        },
        context,
      );
      issued += events.length;
      if (result) checkpoint = result.checkpoint;
    }
    if (issued > 0) this.logger.log(`issued ${issued} certificate(s)`);
    return { issued, checkpoint };
  }
}
