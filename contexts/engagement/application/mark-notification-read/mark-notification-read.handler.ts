import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { inboxStream } from '../../contracts/index.js';
import { inboxDecider } from '../../domain/index.js';
import { MarkNotificationReadCommand } from './mark-notification-read.command.js';

/** The "read" event the modal sends when it shows a message (once per message and user). */
@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationReadCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, notificationId, clientTime, context }: MarkNotificationReadCommand): Promise<CommandOutcome<void>> {
    const { result } = await handleCommand(
      this.store,
      inboxStream(userId),
      inboxDecider,
      { type: 'MarkNotificationRead', data: { userId, notificationId, clientTime, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: undefined, checkpoint: result?.checkpoint ?? null };
  }
}
