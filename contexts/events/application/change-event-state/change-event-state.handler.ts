import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';
import type { ScheduledEventCommand } from '../../domain/index.js';
import { EventAdmin } from '../shared/event-admin.js';
import { ChangeEventStateCommand, type EventStateChange } from './change-event-state.command.js';

const commandFor = (change: EventStateChange, now: string, by: string): ScheduledEventCommand => {
  switch (change.to) {
    case 'published':
      return { type: 'PublishScheduledEvent', data: { now, by } };
    case 'canceled':
      return { type: 'CancelScheduledEvent', data: { reason: change.reason, now, by } };
    case 'finished':
      return { type: 'FinishScheduledEvent', data: { now, by } };
  }
};

/** tc_admin moves an event along draft -> published -> finished, or cancels it (attendees are told). */
@CommandHandler(ChangeEventStateCommand)
export class ChangeEventStateHandler implements ICommandHandler<ChangeEventStateCommand> {
  constructor(@Inject(EventAdmin) private readonly admin: EventAdmin) {}

  execute({ eventId, change, context }: ChangeEventStateCommand): Promise<CommandOutcome<ScheduledEvent>> {
    return this.admin.run(eventId, (now, by) => commandFor(change, now, by), context);
  }
}
