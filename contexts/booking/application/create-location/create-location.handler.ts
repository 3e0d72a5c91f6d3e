import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { locationStream, type Location } from '../../contracts/index.js';
import { locationDecider } from '../../domain/index.js';
import { toLocation } from '../shared/location-view.js';
import { CreateLocationCommand } from './create-location.command.js';

@CommandHandler(CreateLocationCommand)
export class CreateLocationHandler implements ICommandHandler<CreateLocationCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input, context }: CreateLocationCommand): Promise<CommandOutcome<Location>> {
    const locationId = newId();
    const now = this.clock.now().toISOString();
    const { state, result } = await handleCommand(
      this.store,
      locationStream(locationId),
      locationDecider,
      { type: 'CreateLocation', data: { locationId, definition: input, by: context.actor, now } },
      context,
    );
    if (state.status !== 'defined') throw new Error('location was not created');
    return { value: toLocation(locationId, state.definition, now, now), checkpoint: result?.checkpoint ?? null };
  }
}
