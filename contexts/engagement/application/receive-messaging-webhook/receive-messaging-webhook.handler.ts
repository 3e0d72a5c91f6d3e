import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import { compareCheckpoints, type Checkpoint, type EventStore } from '@portal/eventstore';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { CLOCK, EVENT_STORE, PROJECTIONS, StreamWriter, type CommandOutcome } from '@portal/platform';
import { userByPhone } from '@portal/projection-messaging';
import { messagingStream, type MessagingWebhookResponse } from '../../contracts/index.js';
import { messagingDecider } from '../../domain/index.js';
import { deliveredMessages } from './delivered-messages.js';
import { ReceiveMessagingWebhookCommand } from './receive-messaging-webhook.command.js';

/**
 * Records a signed delivery's user messages and business replies (ADR 0073), one conversation
 * stream per user phone: the user is the portal user the phone matches now (the messaging read
 * model's copy of identity's phones), and the decider records each platform message once, so a
 * delivery the platform retries records nothing.
 */
@CommandHandler(ReceiveMessagingWebhookCommand)
export class ReceiveMessagingWebhookHandler implements ICommandHandler<ReceiveMessagingWebhookCommand> {
  private readonly writer: StreamWriter<Parameters<typeof messagingDecider.decide>[0], ReturnType<typeof messagingDecider.decide>[number], ReturnType<typeof messagingDecider.initial>>;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.writer = new StreamWriter(store, messagingDecider, { serialize: true });
  }

  async execute({ delivery, context }: ReceiveMessagingWebhookCommand): Promise<CommandOutcome<MessagingWebhookResponse>> {
    const receivedAt = this.clock.now().toISOString();
    let recorded = 0;
    let duplicates = 0;
    let checkpoint: Checkpoint | null = null;
    for (const [phoneKey, messages] of deliveredMessages(delivery)) {
      const match = await userByPhone(this.projections.reader('messaging'), phoneKey);
      const outcome = await this.writer.execute(
        messagingStream(phoneKey),
        { type: 'RecordDelivery', data: { phoneKey, userId: match?.userId ?? null, matchedBy: match?.matchedBy ?? null, messages, receivedAt } },
        context,
      );
      recorded += outcome.events.length;
      duplicates += new Set(messages.map((m) => m.messageId)).size - outcome.events.length;
      const at = outcome.result?.checkpoint ?? null;
      if (at && (!checkpoint || compareCheckpoints(at, checkpoint) > 0)) checkpoint = at;
    }
    return { value: { recorded, duplicates }, checkpoint };
  }
}
