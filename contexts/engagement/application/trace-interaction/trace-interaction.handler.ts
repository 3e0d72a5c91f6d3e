import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE } from '@portal/platform';
import { appendTracking } from '../shared/tracking-stream.js';
import { TraceInteractionCommand } from './trace-interaction.command.js';

/** A client interaction trace (000 §7), kept for reports. */
@CommandHandler(TraceInteractionCommand)
export class TraceInteractionHandler implements ICommandHandler<TraceInteractionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, input: body, context }: TraceInteractionCommand): Promise<void> {
    const data = {
      actor,
      category: body.category,
      action: body.action,
      label: body.label ?? null,
      value: body.value ?? null,
      nodeId: body.nodeId ?? null,
      context: body.context ?? null,
      time: body.time ?? null,
      textContent: body.textContent ?? null,
      tracedAt: this.clock.now().toISOString(),
    };
    await appendTracking(this.store, this.clock, actor, { type: 'InteractionTraced', data }, context);
  }
}
