import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { locationStream, type Location, type LocationDefinition } from '../../contracts/index.js';
import { locationDecider } from '../../domain/index.js';
import { toLocation } from '../shared/location-view.js';
import { UpdateLocationCommand } from './update-location.command.js';

@CommandHandler(UpdateLocationCommand)
export class UpdateLocationHandler implements ICommandHandler<UpdateLocationCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ locationId, changes, context }: UpdateLocationCommand): Promise<CommandOutcome<Location>> {
    const now = this.clock.now().toISOString();
    // zod's partial() leaves absent keys undefined: only what was sent changes
    const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<LocationDefinition>;
    const { state, result } = await handleCommand(
      this.store,
      locationStream(locationId),
      locationDecider,
      { type: 'UpdateLocation', data: { locationId, changes: sent, by: context.actor, now } },
      context,
    );
    if (state.status !== 'defined') throw new Error('location vanished');
    return { value: toLocation(locationId, state.definition, state.createdAt, now), checkpoint: result?.checkpoint ?? null };
  }
}
