import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { SessionResponse, SignInRequest } from '../../contracts/index.js';

export class SignInCommand extends Command<CommandOutcome<SessionResponse>> {
  constructor(
    readonly input: SignInRequest,
    readonly ip: string | null,
    readonly context: AppendContext,
  ) {
    super();
  }
}
