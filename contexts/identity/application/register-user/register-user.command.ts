import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { RegisterRequest } from '../../contracts/index.js';
import type { IssuedSession } from '../shared/session-service.js';

export class RegisterUserCommand extends Command<CommandOutcome<IssuedSession>> {
  constructor(
    readonly input: RegisterRequest,
    readonly client: { ip: string | null; userAgent: string | null },
    readonly context: AppendContext,
  ) {
    super();
  }
}
