import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import { SessionService, type IssuedSession } from '../shared/session-service.js';
import { RefreshSessionCommand } from './refresh-session.command.js';

/** Rotates the refresh token and issues a new access token (replays within the grace, ADR 0029). */
@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  constructor(@Inject(SessionService) private readonly sessions: SessionService) {}

  async execute({ refreshToken, context }: RefreshSessionCommand): Promise<CommandOutcome<IssuedSession>> {
    const session = await this.sessions.refresh(refreshToken, context);
    return { value: session, checkpoint: session.checkpoint };
  }
}
