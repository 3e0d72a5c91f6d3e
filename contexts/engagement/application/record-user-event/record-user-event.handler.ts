import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE } from '@portal/platform';
import { recordTracking } from '../shared/tracking-stream.js';
import { RecordUserEventCommand } from './record-user-event.command.js';

/** A client user event (000 §7), kept for reports. */
@CommandHandler(RecordUserEventCommand)
export class RecordUserEventHandler implements ICommandHandler<RecordUserEventCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, input, context }: RecordUserEventCommand): Promise<void> {
    await recordTracking(this.store, this.clock, 'UserEventRecorded', actor, input, context);
  }
}
