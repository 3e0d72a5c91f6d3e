import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import type { ManagedUserWriteResponse } from '../../contracts/index.js';
import { decideOnManagedUser, grantingActor, writeResponse } from '../shared/managed-users.js';
import { ReactivateUserCommand } from './reactivate-user.command.js';

/** Reactivates an account: sign-in works again; tokens issued from now on are not refused (ADR 0031). */
@CommandHandler(ReactivateUserCommand)
export class ReactivateUserHandler implements ICommandHandler<ReactivateUserCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, userId, context }: ReactivateUserCommand): Promise<CommandOutcome<ManagedUserWriteResponse>> {
    const { state, checkpoint } = await decideOnManagedUser(this.store, userId, { type: 'ReactivateUser', data: { actor: grantingActor(principal), now: this.clock.now().toISOString() } }, context);
    return { value: writeResponse(state), checkpoint };
  }
}
