import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppendContext, EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { dueForReminder, dueToFinish } from '@portal/projection-events-scheduled';
import { CHECK_OUT_CLOSES_AFTER_MINUTES, REMIND_BEFORE_MS } from '../../domain/index.js';
import { EventNotices } from '../shared/event-notices.js';
import { SCHEDULED } from '../shared/event-reads.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';

/** How often the API looks for events starting within a day. */
const SWEEP_MS = 5 * 60_000;
const BATCH = 100;

export interface ClockSweep {
  reminded: number;
  finished: number;
}

/**
 * What happens to events as time passes (ADR 0060), every few minutes, each a decision on the
 * event's own stream (so two runs, or two instances, change nothing more):
 * - the day-before reminder: published events starting within 24 hours whose reminder has not gone
 *   out get `ScheduledEventReminded`, and the instance whose append won mails the enrolled (a
 *   crash between the append and the mails loses that event's reminder);
 * - finishing: published events whose check-out closed (120 minutes after the finish) become
 *   finished (`system:finish`).
 */
@Injectable()
export class EventClockProcess implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventClock');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ClockSweep> | null = null;
  private readonly context: AppendContext = { correlationId: 'event-clock', actor: 'system', origin: 'system' };

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(EventNotices) private readonly notices: EventNotices,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.logger.error(`event clock failed: ${error instanceof Error ? error.message : String(error)}`));
    }, SWEEP_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One sweep (the timer's, or a test's after moving the clock): how many events were reminded and finished. */
  runOnce(): Promise<ClockSweep> {
    this.running ??= this.sweep().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweep(): Promise<ClockSweep> {
    await this.projections.waitForAll([SCHEDULED], await this.store.headCheckpoint(), 10_000);
    const now = this.clock.now().toISOString();
    const reader = this.projections.reader(SCHEDULED);
    let reminded = 0;
    for (const eventId of await dueForReminder(reader, now, REMIND_BEFORE_MS, BATCH)) {
      const outcome = await this.writer.execute(eventId, { type: 'RemindAttendees', data: { now, by: 'system:reminder' } }, this.context);
      if (outcome.events.length === 0) continue;
      this.notices.remind(outcome);
      reminded += 1;
    }
    let finished = 0;
    for (const eventId of await dueToFinish(reader, now, CHECK_OUT_CLOSES_AFTER_MINUTES * 60_000, BATCH)) {
      const outcome = await this.writer.execute(eventId, { type: 'FinishScheduledEvent', data: { now, by: 'system:finish' } }, this.context);
      if (outcome.events.length > 0) finished += 1;
    }
    return { reminded, finished };
  }
}
