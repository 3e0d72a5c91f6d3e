import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';

export class RemoveMaterialCommand extends Command<CommandOutcome<ScheduledEvent>> {
  constructor(
    readonly materialId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
