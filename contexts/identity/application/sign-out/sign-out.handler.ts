import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand } from '@portal/platform';
import { userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { SessionService } from '../shared/session-service.js';
import { SignOutCommand } from './sign-out.command.js';

/** Sign-out saves the user's locale first (000 §4.5), then revokes the session. */
@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  async execute({ userId, sessionId, lang, context }: SignOutCommand): Promise<void> {
    if (userId && lang) {
      await handleCommand(this.store, userStream(userId), userDecider, { type: 'ChangeLocale', data: { lang, now: this.clock.now().toISOString() } }, context);
    }
    if (sessionId) await this.sessions.revoke(sessionId, 'logoff', context);
  }
}
