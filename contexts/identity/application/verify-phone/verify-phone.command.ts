import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class VerifyPhoneCommand extends Command<CommandOutcome<{ ok: true }>> {
  constructor(readonly userId: string, readonly phone: string, readonly code: string, readonly context: AppendContext) {
    super();
  }
}
