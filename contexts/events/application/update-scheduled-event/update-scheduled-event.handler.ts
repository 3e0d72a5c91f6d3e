import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';
import { eventInstants } from '../../domain/index.js';
import { EventAdmin } from '../shared/event-admin.js';
import { UpdateScheduledEventCommand } from './update-scheduled-event.command.js';

/** tc_admin edits a draft or published event; raised vacancies move the waiting list up; attendees of a published one are told. */
@CommandHandler(UpdateScheduledEventCommand)
export class UpdateScheduledEventHandler implements ICommandHandler<UpdateScheduledEventCommand> {
  constructor(@Inject(EventAdmin) private readonly admin: EventAdmin) {}

  execute({ eventId, input, context }: UpdateScheduledEventCommand): Promise<CommandOutcome<ScheduledEvent>> {
    return this.admin.run(eventId, (now, by) => ({ type: 'UpdateScheduledEvent', data: { definition: input, ...eventInstants(input), now, by } }), context);
  }
}
