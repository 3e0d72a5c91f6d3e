import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { emailStream, userStream } from '../../contracts/index.js';
import { emailClaimDecider, userDecider } from '../../domain/index.js';
import { emailKey } from '../shared/email-key.js';
import { grantingActor } from '../shared/managed-users.js';
import { DeleteManagedUserCommand } from './delete-managed-user.command.js';

/**
 * Deletes a pre-registered user (the decider refuses one with an account: unable-delete-account),
 * then gives the address back. Should the release not happen, the next claim of the address
 * finds the owner deleted and releases it then (email-claims.ts).
 */
@CommandHandler(DeleteManagedUserCommand)
export class DeleteManagedUserHandler implements ICommandHandler<DeleteManagedUserCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, userId, context }: DeleteManagedUserCommand): Promise<CommandOutcome<void>> {
    const now = this.clock.now().toISOString();
    const { events, result } = await handleCommand(this.store, userStream(userId), userDecider, { type: 'DeleteUser', data: { actor: grantingActor(principal), now } }, context);
    let checkpoint = result?.checkpoint ?? null;
    for (const event of events) {
      if (event.type !== 'UserDeleted') continue;
      const { email } = event.data;
      const released = await handleCommand(this.store, emailStream(emailKey(email)), emailClaimDecider, { type: 'ReleaseEmail', data: { email, userId, now } }, context);
      checkpoint = released.result?.checkpoint ?? checkpoint;
    }
    return { value: undefined, checkpoint };
  }
}
