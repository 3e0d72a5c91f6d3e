import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newId, type Clock, type Locale } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { notificationStream } from '../../contracts/index.js';
import { notificationDecider } from '../../domain/index.js';
import { sanitizeNotificationHtml } from '../shared/sanitize.js';
import { PublishNotificationCommand } from './publish-notification.command.js';

/** A notification message for learners (of some countries, or all); its HTML is sanitized before it is stored. */
@CommandHandler(PublishNotificationCommand)
export class PublishNotificationHandler implements ICommandHandler<PublishNotificationCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ publishedBy, input: body, context }: PublishNotificationCommand): Promise<CommandOutcome<{ id: string }>> {
    const notificationId = newId();
    const content = Object.fromEntries(Object.entries(body.content).map(([l, html]) => [l, sanitizeNotificationHtml(html)])) as Record<Locale, string>;
    const { result } = await handleCommand(
      this.store,
      notificationStream(notificationId),
      notificationDecider,
      {
        type: 'PublishNotification',
        data: { notificationId, title: body.title, content, displayViewConfig: body.displayViewConfig, categories: body.categories, countries: body.countries, publishedAt: this.clock.now().toISOString(), publishedBy },
      },
      context,
    );
    return { value: { id: notificationId }, checkpoint: result?.checkpoint ?? null };
  }
}
