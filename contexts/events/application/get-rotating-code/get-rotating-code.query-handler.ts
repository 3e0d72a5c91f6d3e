import { Inject, Logger } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import { APP_CONFIG, CLOCK, requireUser, type AppConfig } from '@portal/platform';
import type { RotatingCode } from '../../contracts/index.js';
import { CODE_WINDOW_MS, codeWindowAt } from '../../domain/index.js';
import { EventCodes } from '../shared/codes.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { PresenceWatchers, presenceCounts } from '../shared/presence-watchers.js';
import { GetRotatingCodeQuery } from './get-rotating-code.query.js';

/**
 * The staff screen's QR code for this 30-second window (ADR 0060), with the live counts; the
 * screen fetches the next one at `refreshAt` and, while it does, gets every check-in pushed.
 * Read from the event's own stream (the same state the scans are decided on).
 */
@QueryHandler(GetRotatingCodeQuery)
export class GetRotatingCodeHandler implements IQueryHandler<GetRotatingCodeQuery> {
  private readonly logger = new Logger('GetRotatingCode');

  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(EventCodes) private readonly codes: EventCodes,
    @Inject(PresenceWatchers) private readonly watchers: PresenceWatchers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ eventId, action, req }: GetRotatingCodeQuery): Promise<RotatingCode> {
    const user = requireUser(req.principal);
    const state = await this.writer.load(eventId);
    if (!state) throw new AppError('404');
    if (state.status !== 'published' && state.status !== 'finished') throw new AppError('event-invalid-state', undefined, undefined, { state: state.status });
    const now = this.clock.now();
    const window = codeWindowAt(now.toISOString());
    let code: string;
    try {
      code = this.codes.staffCode(eventId, action, window);
    } catch (error) {
      // 001 §8 "QR code generation error (contact support)"
      this.logger.error(`code for ${eventId} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new AppError('qr-code-generation-error');
    }
    this.watchers.watch(eventId, user.userId, now.getTime());
    return {
      eventId,
      action,
      code,
      url: `${this.config.publicUrl}/scheduled-events/scan?code=${encodeURIComponent(code)}`,
      validFrom: new Date(window * CODE_WINDOW_MS).toISOString(),
      refreshAt: new Date((window + 1) * CODE_WINDOW_MS).toISOString(),
      ...presenceCounts(state),
    };
  }
}
