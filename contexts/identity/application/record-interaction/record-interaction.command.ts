import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { INTERACTION_NAMES } from '../../contracts/index.js';

export class RecordInteractionCommand extends Command<CommandOutcome<void>> {
  constructor(readonly userId: string, readonly name: (typeof INTERACTION_NAMES)[number], readonly context: AppendContext) {
    super();
  }
}
