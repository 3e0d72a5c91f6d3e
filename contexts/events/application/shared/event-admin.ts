import { Inject, Injectable } from '@nestjs/common';
import type { AppendContext } from '@portal/eventstore';
import type { Clock } from '@portal/kernel';
import { CLOCK, type CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';
import type { ScheduledEventCommand } from '../../domain/index.js';
import { EventNotices } from './event-notices.js';
import { EventReads } from './event-reads.js';
import { ScheduledEventWriter } from './event-writer.js';

/**
 * What tc_admin's changes to an event share (create, edit, publish, cancel, finish, quizzes):
 * decide on the event's stream at the clock's time, tell attendees what concerns them, answer
 * the event as the list and detail show it.
 */
@Injectable()
export class EventAdmin {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(EventReads) private readonly reads: EventReads,
    @Inject(EventNotices) private readonly notices: EventNotices,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async run(eventId: string, command: (now: string, by: string) => ScheduledEventCommand, context: AppendContext): Promise<CommandOutcome<ScheduledEvent>> {
    const outcome = await this.writer.execute(eventId, command(this.clock.now().toISOString(), context.actor), context);
    this.notices.after(outcome);
    const checkpoint = outcome.result?.checkpoint ?? null;
    return { value: await this.reads.detailAfter(eventId, checkpoint), checkpoint };
  }
}
