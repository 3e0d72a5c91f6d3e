import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import type { ManagedUserWriteResponse } from '../../contracts/index.js';
import { decideOnManagedUser, grantingActor, writeResponse } from '../shared/managed-users.js';
import { SessionService } from '../shared/session-service.js';
import { DeactivateUserCommand } from './deactivate-user.command.js';

/**
 * Deactivates an account (ADR 0050): sign-in is refused from now on (user-disabled), this instance
 * refuses the user's access tokens at once and the others within seconds (the revocations
 * projection's user key, ADR 0031), and every session is revoked so no refresh brings them back.
 */
@CommandHandler(DeactivateUserCommand)
export class DeactivateUserHandler implements ICommandHandler<DeactivateUserCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  async execute({ principal, userId, context }: DeactivateUserCommand): Promise<CommandOutcome<ManagedUserWriteResponse>> {
    const at = this.clock.now();
    const { state, checkpoint, changed } = await decideOnManagedUser(this.store, userId, { type: 'DeactivateUser', data: { actor: grantingActor(principal), now: at.toISOString() } }, context);
    if (changed) {
      this.sessions.refuseUserTokens(userId, at);
      await this.sessions.revokeAllOf(userId, 'user-deactivated', checkpoint, context);
    }
    return { value: writeResponse(state), checkpoint };
  }
}
