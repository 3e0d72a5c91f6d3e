import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { IssuedSession } from '../shared/session-service.js';

export class RefreshSessionCommand extends Command<CommandOutcome<IssuedSession>> {
  constructor(readonly refreshToken: string, readonly context: AppendContext) {
    super();
  }
}
