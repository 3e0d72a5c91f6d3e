import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import { CLOCK, type CommandOutcome } from '@portal/platform';
import type { Enrolment } from '../../contracts/index.js';
import { EventNotices } from '../shared/event-notices.js';
import { EventReads } from '../shared/event-reads.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { EnrolCommand } from './enrol.command.js';

/**
 * A learner enrols in a published event meant for them: a seat while vacancies last (a hard
 * limit under any concurrency, ADR 0010's guarantee), else the waiting list; a second call
 * changes nothing. The answer is the decision's own state (no wait for the read model).
 */
@CommandHandler(EnrolCommand)
export class EnrolHandler implements ICommandHandler<EnrolCommand> {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(EventReads) private readonly reads: EventReads,
    @Inject(EventNotices) private readonly notices: EventNotices,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ eventId, attendee, audience, context }: EnrolCommand): Promise<CommandOutcome<Enrolment>> {
    const now = this.clock.now().toISOString();
    const outcome = await this.writer.execute(eventId, { type: 'Enrol', data: { attendee, audience, now, by: context.actor } }, context);
    this.notices.after(outcome);
    return { value: this.reads.enrolmentIn(outcome.state, attendee.userId), checkpoint: outcome.result?.checkpoint ?? null };
  }
}
