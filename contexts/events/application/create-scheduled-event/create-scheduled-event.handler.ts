import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newId } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';
import { eventInstants } from '../../domain/index.js';
import { EventAdmin } from '../shared/event-admin.js';
import { CreateScheduledEventCommand } from './create-scheduled-event.command.js';

/** tc_admin creates an event as a draft (ADR 0060). */
@CommandHandler(CreateScheduledEventCommand)
export class CreateScheduledEventHandler implements ICommandHandler<CreateScheduledEventCommand> {
  constructor(@Inject(EventAdmin) private readonly admin: EventAdmin) {}

  execute({ input, context }: CreateScheduledEventCommand): Promise<CommandOutcome<ScheduledEvent>> {
    const eventId = newId();
    return this.admin.run(eventId, (now, by) => ({ type: 'CreateScheduledEvent', data: { eventId, definition: input, ...eventInstants(input), now, by } }), context);
  }
}
