import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import { decideOnUser } from '../shared/user-stream.js';
import { RemoveProfilePictureCommand } from './remove-profile-picture.command.js';

@CommandHandler(RemoveProfilePictureCommand)
export class RemoveProfilePictureHandler implements ICommandHandler<RemoveProfilePictureCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, context }: RemoveProfilePictureCommand): Promise<CommandOutcome<void>> {
    const { checkpoint } = await decideOnUser(this.store, userId, { type: 'RemoveProfilePicture', data: { now: this.clock.now().toISOString() } }, context);
    return { value: undefined, checkpoint };
  }
}
