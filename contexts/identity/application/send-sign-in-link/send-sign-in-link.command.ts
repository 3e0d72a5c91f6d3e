import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';

export class SendSignInLinkCommand extends Command<void> {
  constructor(readonly email: string, readonly lang: Locale | null, readonly context: AppendContext) {
    super();
  }
}
