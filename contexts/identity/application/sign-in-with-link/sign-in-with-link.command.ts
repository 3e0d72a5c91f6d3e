import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { IssuedSession } from '../shared/session-service.js';

export class SignInWithLinkCommand extends Command<CommandOutcome<IssuedSession>> {
  constructor(
    readonly code: string,
    readonly client: { ip: string | null; userAgent: string | null },
    readonly context: AppendContext,
  ) {
    super();
  }
}
