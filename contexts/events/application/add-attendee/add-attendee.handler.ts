import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import { CLOCK, USER_ACCOUNTS, type CommandOutcome } from '@portal/platform';
import type { UserAccounts } from '@portal/identity/contracts';
import type { Enrolment } from '../../contracts/index.js';
import { EventNotices } from '../shared/event-notices.js';
import { EventReads } from '../shared/event-reads.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { AddAttendeeCommand } from './add-attendee.command.js';

/**
 * tc_admin enrols the person holding an e-mail (an account or a pre-registration, identity's
 * `UserAccounts`): the enrol decision without the learner's visibility rule, so a seat while
 * vacancies last (booking's guarantee), else the waiting list; someone already on the list is left
 * as they are. Their mails go in the language given, else their own, else pt-BR.
 */
@CommandHandler(AddAttendeeCommand)
export class AddAttendeeHandler implements ICommandHandler<AddAttendeeCommand> {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(EventReads) private readonly reads: EventReads,
    @Inject(EventNotices) private readonly notices: EventNotices,
    @Inject(USER_ACCOUNTS) private readonly accounts: UserAccounts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ eventId, email, lang, context }: AddAttendeeCommand): Promise<CommandOutcome<Enrolment>> {
    const person = await this.accounts.byEmail(email);
    if (!person) throw new AppError('attendee-email-unknown', undefined, [{ path: 'email', message: 'attendee-email-unknown' }]);
    const attendee = { userId: person.userId, email: person.email, lang: lang ?? person.lang ?? 'pt-BR' };
    const outcome = await this.writer.execute(eventId, () => ({ type: 'Enrol', data: { attendee, audience: null, now: this.clock.now().toISOString(), by: context.actor } }), context);
    this.notices.after(outcome);
    return { value: this.reads.enrolmentIn(outcome.state, person.userId), checkpoint: outcome.result?.checkpoint ?? null };
  }
}
