import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import { decideOnUser } from '../shared/user-stream.js';
import { SetUserFlagCommand } from './set-user-flag.command.js';

/** A free key/value flag on the user (000 §3), e.g. journeyWelcome. */
@CommandHandler(SetUserFlagCommand)
export class SetUserFlagHandler implements ICommandHandler<SetUserFlagCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, key, value, context }: SetUserFlagCommand): Promise<CommandOutcome<void>> {
    const { checkpoint } = await decideOnUser(this.store, userId, { type: 'SetFlag', data: { key, value, now: this.clock.now().toISOString() } }, context);
    return { value: undefined, checkpoint };
  }
}
