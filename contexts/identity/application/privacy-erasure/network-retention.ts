import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppendContext, EventStore, PersonalDataProtection } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { APP_CONFIG, CLOCK, EVENT_STORE, handleCommand, PRIVACY, PROJECTIONS, type AppConfig } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { NETWORK_RETENTION_STREAM } from '../../contracts/index.js';
import { networkRetentionDecider } from '../../domain/index.js';

export interface NetworkRetentionResult {
  /** network keys of every month before this one (`yyyy-mm`) are destroyed */
  before: string;
  keysDestroyed: number;
  projectionRows: number;
}

/**
 * IP addresses and user agents expire after PRIVACY_NETWORK_RETENTION_DAYS (default 183, Marco
 * Civil art. 15; ADR 0091) through the same shredding as an erasure: each is encrypted with its
 * subject's key of the month (`<subject>#net:<yyyy-mm>`), and this job destroys the keys of every
 * month that ended more than the retention ago, then purges the projections' copies. A month's data
 * is thus readable for the retention and at most one month more. Idempotent; on several instances
 * each run finds what the others left.
 */
@Injectable()
export class NetworkDataRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('NetworkDataRetention');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<NetworkRetentionResult> | null = null;
  private readonly context: AppendContext = { correlationId: 'network-retention', actor: 'system', origin: 'system' };

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PRIVACY) private readonly privacy: PersonalDataProtection,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.privacy.retentionSweepMs <= 0) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.logger.error(`retention failed: ${error instanceof Error ? error.message : String(error)}`));
    }, this.config.privacy.retentionSweepMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One run (the timer's, the CLI's, a test's after moving the clock); concurrent calls share it. */
  runOnce(): Promise<NetworkRetentionResult> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<NetworkRetentionResult> {
    const now = this.clock.now();
    const cut = new Date(now.getTime() - this.config.privacy.networkRetentionDays * 86_400_000);
    // the months that ended before the cut: every one before the cut's own month
    const before = cut.toISOString().slice(0, 7);
    const keysDestroyed = await this.privacy.keyring.destroyNetworkKeysBefore(before);
    const projectionRows = await this.projections.purgeNetworkData(new Date(`${before}-01T00:00:00.000Z`));
    await handleCommand(this.store, NETWORK_RETENTION_STREAM, networkRetentionDecider, { type: 'RecordNetworkExpiry', data: { before, keysDestroyed, now: now.toISOString() } }, this.context);
    return { before, keysDestroyed, projectionRows };
  }
}
