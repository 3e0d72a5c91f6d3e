import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { MessagingWebhook, MessagingWebhookResponse } from '../../contracts/index.js';

/** A signed webhook delivery of the messaging platform, parsed (ADR 0073). */
export class ReceiveMessagingWebhookCommand extends Command<CommandOutcome<MessagingWebhookResponse>> {
  constructor(
    readonly delivery: MessagingWebhook,
    readonly context: AppendContext,
  ) {
    super();
  }
}
