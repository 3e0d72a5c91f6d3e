import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { IssuedSession } from '../shared/session-service.js';

export class SendSignInLinkCommand extends Command<void> {
  constructor(readonly email: string, readonly lang: Locale | null, readonly context: AppendContext) {
    super();
  }
}

export class SignInWithLinkCommand extends Command<CommandOutcome<IssuedSession>> {
  constructor(
    readonly code: string,
    readonly client: { ip: string | null; userAgent: string | null },
    readonly context: AppendContext,
  ) {
    super();
  }
}
