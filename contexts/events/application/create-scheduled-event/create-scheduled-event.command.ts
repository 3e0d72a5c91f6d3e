import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent, ScheduledEventBody } from '../../contracts/index.js';

export class CreateScheduledEventCommand extends Command<CommandOutcome<ScheduledEvent>> {
  constructor(
    readonly input: ScheduledEventBody,
    readonly context: AppendContext,
  ) {
    super();
  }
}
