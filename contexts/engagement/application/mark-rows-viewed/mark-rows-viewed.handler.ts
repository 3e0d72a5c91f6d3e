import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, REALTIME, type CommandOutcome, type RealtimeHub } from '@portal/platform';
import { inboxStream } from '../../contracts/index.js';
import { inboxDecider } from '../../domain/index.js';
import { MarkRowsViewedCommand } from './mark-rows-viewed.command.js';

/** Opening the notifications sidebar marks its rows seen; open tabs hear the unseen count reset. */
@CommandHandler(MarkRowsViewedCommand)
export class MarkRowsViewedHandler implements ICommandHandler<MarkRowsViewedCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(REALTIME) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ userId, rowIds, context }: MarkRowsViewedCommand): Promise<CommandOutcome<void>> {
    const { result } = await handleCommand(this.store, inboxStream(userId), inboxDecider, { type: 'ViewRows', data: { userId, rowIds, now: this.clock.now().toISOString() } }, context);
    await this.realtime.publish(userId, { type: 'unseen', data: { count: 0 } });
    return { value: undefined, checkpoint: result?.checkpoint ?? null };
  }
}
