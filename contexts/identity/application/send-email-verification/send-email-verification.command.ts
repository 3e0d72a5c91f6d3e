import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';

export class SendEmailVerificationCommand extends Command<CommandOutcome<{ sentAt: string }>> {
  constructor(readonly userId: string, readonly lang: Locale | null, readonly context: AppendContext) {
    super();
  }
}
