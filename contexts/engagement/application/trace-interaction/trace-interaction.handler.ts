import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE } from '@portal/platform';
import { recordTracking } from '../shared/tracking-stream.js';
import { TraceInteractionCommand } from './trace-interaction.command.js';

/** A client interaction trace (000 §7), kept for reports. */
@CommandHandler(TraceInteractionCommand)
export class TraceInteractionHandler implements ICommandHandler<TraceInteractionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, input, context }: TraceInteractionCommand): Promise<void> {
    await recordTracking(this.store, this.clock, 'InteractionTraced', actor, input, context);
  }
}
