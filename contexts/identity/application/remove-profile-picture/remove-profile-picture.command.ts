import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class RemoveProfilePictureCommand extends Command<CommandOutcome<void>> {
  constructor(readonly userId: string, readonly context: AppendContext) {
    super();
  }
}
