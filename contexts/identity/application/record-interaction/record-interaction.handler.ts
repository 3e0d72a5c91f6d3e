import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import { decideOnUser } from '../shared/user-stream.js';
import { RecordInteractionCommand } from './record-interaction.command.js';

/** The first time of a user interaction (home alert confirmed, first video viewed); later ones change nothing. */
@CommandHandler(RecordInteractionCommand)
export class RecordInteractionHandler implements ICommandHandler<RecordInteractionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, name, context }: RecordInteractionCommand): Promise<CommandOutcome<void>> {
    const { checkpoint } = await decideOnUser(this.store, userId, { type: 'RecordInteraction', data: { name, now: this.clock.now().toISOString() } }, context);
    return { value: undefined, checkpoint };
  }
}
