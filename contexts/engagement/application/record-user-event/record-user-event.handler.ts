import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE } from '@portal/platform';
import { appendTracking } from '../shared/tracking-stream.js';
import { RecordUserEventCommand } from './record-user-event.command.js';

/** A client user event (000 §7), kept for reports. */
@CommandHandler(RecordUserEventCommand)
export class RecordUserEventHandler implements ICommandHandler<RecordUserEventCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, input: body, context }: RecordUserEventCommand): Promise<void> {
    const data = {
      actor,
      payload: body.payload,
      sessionId: body.sessionId ?? null,
      clientTime: body.clientTime ?? null,
      clientTimeOffset: body.clientTimeOffset ?? null,
      contextArea: body.contextArea ?? null,
      pageUrl: body.pageUrl ?? null,
      recordedAt: this.clock.now().toISOString(),
    };
    await appendTracking(this.store, this.clock, actor, { type: 'UserEventRecorded', data }, context);
  }
}
