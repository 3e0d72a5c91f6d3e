import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppendContext, EventStore } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { dueForReminder } from '@portal/projection-events-scheduled';
import { REMIND_BEFORE_MS } from '../../domain/index.js';
import { EventNotices } from '../shared/event-notices.js';
import { SCHEDULED } from '../shared/event-reads.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';

/** How often the API looks for events starting within a day. */
const SWEEP_MS = 5 * 60_000;
const BATCH = 100;

/**
 * The day-before reminder (ADR 0060): every few minutes, published events starting within 24
 * hours whose reminder has not gone out get `ScheduledEventReminded` on their own stream, and the
 * instance whose append won mails the enrolled attendees. Running it twice, or in two instances,
 * mails nobody twice (a crash between the append and the mails loses that event's reminder).
 */
@Injectable()
export class EventReminderProcess implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventReminders');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly context: AppendContext = { correlationId: 'event-reminders', actor: 'system', origin: 'system' };

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(EventNotices) private readonly notices: EventNotices,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.logger.error(`reminders failed: ${error instanceof Error ? error.message : String(error)}`));
    }, SWEEP_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One sweep (the timer's, or a test's after moving the clock): how many events were reminded. */
  runOnce(): Promise<number> {
    this.running ??= this.sweep().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweep(): Promise<number> {
    await this.projections.waitForAll([SCHEDULED], await this.store.headCheckpoint(), 10_000);
    const now = this.clock.now().toISOString();
    let reminded = 0;
    for (const eventId of await dueForReminder(this.projections.reader(SCHEDULED), now, REMIND_BEFORE_MS, BATCH)) {
      const outcome = await this.writer.execute(eventId, { type: 'RemindAttendees', data: { now, by: 'system:reminder' } }, this.context);
      if (outcome.events.length === 0) continue;
      this.notices.remind(outcome);
      reminded += 1;
    }
    return reminded;
  }
}
