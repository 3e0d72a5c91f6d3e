import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Clock } from '@portal/kernel';
import type { AppendContext, EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { pendentPastDeadline, seatsToRelease } from '@portal/projection-booking-bookings';
import { BookingFlows } from '../shared/booking-flows.js';
import { SeatKeeper } from '../shared/seat-keeper.js';
import { BOOKING_SETTINGS, type BookingSettings } from '../shared/settings.js';

const READ_MODEL = 'booking-bookings';
const BATCH = 200;

export interface SweepResult {
  expired: number;
  seatsReleased: number;
}

/**
 * The periodic process of the booking module: pendent bookings past their deadline (by the
 * injected clock, so tests move time) become BookingExpired, giving back the visitor's hold; and
 * seats still held by canceled or expired bookings (a crash between two appends) are released.
 * Each step is a decider call on the booking's or slot's own stream, so running it twice, or in
 * two API instances at once, changes nothing more.
 */
@Injectable()
export class BookingExpiryProcess implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BookingExpiry');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepResult> | null = null;
  private readonly context: AppendContext = { correlationId: 'booking-expiry', actor: 'system', origin: 'system' };

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BookingFlows) private readonly flows: BookingFlows,
    @Inject(SeatKeeper) private readonly seats: SeatKeeper,
    @Inject(BOOKING_SETTINGS) private readonly settings: BookingSettings,
  ) {}

  onApplicationBootstrap(): void {
    if (this.settings.expirySweepMs <= 0) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.logger.error(`sweep failed: ${error instanceof Error ? error.message : String(error)}`));
    }, this.settings.expirySweepMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One sweep (the timer's, or a test's after moving the clock); concurrent calls share it. */
  runOnce(): Promise<SweepResult> {
    this.running ??= this.sweep().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweep(): Promise<SweepResult> {
    await this.projections.waitForAll([READ_MODEL], await this.store.headCheckpoint(), 10_000);
    const reader = this.projections.reader(READ_MODEL);
    let expired = 0;
    for (const bookingId of await pendentPastDeadline(reader, this.clock.now().toISOString(), BATCH)) {
      if ((await this.flows.expire(bookingId, this.context)).expired) expired += 1;
    }
    let seatsReleased = 0;
    for (const row of await seatsToRelease(reader, BATCH)) {
      const { released } = await this.seats.release(
        { locationId: row.locationId, date: row.date, time: row.time },
        row.bookingId,
        row.status === 'expired' ? 'expired' : 'canceled',
        this.clock.now().toISOString(),
        this.context,
      );
      if (released) seatsReleased += 1;
    }
    if (expired + seatsReleased > 0) this.logger.log(`expired ${expired} pendent booking(s), released ${seatsReleased} seat(s)`);
    return { expired, seatsReleased };
  }
}
