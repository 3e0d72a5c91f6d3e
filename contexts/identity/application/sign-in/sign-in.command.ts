import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { SignInRequest } from '../../contracts/index.js';
import type { IssuedSession } from '../shared/session-service.js';

export class SignInCommand extends Command<CommandOutcome<IssuedSession>> {
  constructor(
    readonly input: SignInRequest,
    readonly client: { ip: string | null; userAgent: string | null },
    readonly context: AppendContext,
  ) {
    super();
  }
}
