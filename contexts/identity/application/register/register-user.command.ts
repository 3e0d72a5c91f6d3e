import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { RegisterRequest, SessionResponse } from '../../contracts/index.js';

export class RegisterUserCommand extends Command<CommandOutcome<SessionResponse>> {
  constructor(
    readonly input: RegisterRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
