import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class SetUserFlagCommand extends Command<CommandOutcome<void>> {
  constructor(readonly userId: string, readonly key: string, readonly value: string | number | boolean | null, readonly context: AppendContext) {
    super();
  }
}
