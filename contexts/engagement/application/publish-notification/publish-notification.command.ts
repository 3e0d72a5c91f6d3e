import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { PublishNotificationRequest } from '../../contracts/index.js';

export class PublishNotificationCommand extends Command<CommandOutcome<{ id: string }>> {
  constructor(
    readonly publishedBy: string,
    readonly input: PublishNotificationRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
