import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';

export class SendPhoneCodeCommand extends Command<CommandOutcome<{ sentAt: string }>> {
  constructor(readonly userId: string, readonly phone: string, readonly lang: Locale | null, readonly context: AppendContext) {
    super();
  }
}
