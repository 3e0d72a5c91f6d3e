import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import { CLOCK, type CommandOutcome } from '@portal/platform';
import type { Enrolment } from '../../contracts/index.js';
import { EVENTS_COUNTRY } from '../shared/access.js';
import { EventNotices } from '../shared/event-notices.js';
import { EventReads } from '../shared/event-reads.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { WithdrawCommand } from './withdraw.command.js';

/**
 * An attendee withdraws (or tc_admin withdraws one): the seat frees and the first on the waiting
 * list moves up in the same append. Withdrawing twice changes nothing.
 */
@CommandHandler(WithdrawCommand)
export class WithdrawHandler implements ICommandHandler<WithdrawCommand> {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(EventReads) private readonly reads: EventReads,
    @Inject(EventNotices) private readonly notices: EventNotices,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ eventId, actor, userId, context }: WithdrawCommand): Promise<CommandOutcome<Enrolment>> {
    // someone else is withdrawn only by a Brazilian tc_admin (the events area's writers)
    if (userId !== actor.userId && !(actor.roles.includes('tc_admin') && actor.country === EVENTS_COUNTRY)) throw new AppError('403');
    const now = this.clock.now().toISOString();
    const outcome = await this.writer.execute(eventId, { type: 'Withdraw', data: { userId, now, by: context.actor } }, context);
    this.notices.after(outcome);
    return { value: this.reads.enrolmentIn(outcome.state, userId), checkpoint: outcome.result?.checkpoint ?? null };
  }
}
