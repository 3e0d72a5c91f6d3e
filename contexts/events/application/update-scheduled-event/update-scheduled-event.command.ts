import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent, ScheduledEventBody } from '../../contracts/index.js';

export class UpdateScheduledEventCommand extends Command<CommandOutcome<ScheduledEvent>> {
  constructor(
    readonly eventId: string,
    readonly input: ScheduledEventBody,
    readonly context: AppendContext,
  ) {
    super();
  }
}
