import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { supportStream } from '../../contracts/index.js';
import { supportDecider } from '../../domain/index.js';
import { SendSupportMessageCommand } from './send-support-message.command.js';

/** 000 §4.7: SupportMessageSent with register id, context, origin page, subject, title and message. */
@CommandHandler(SendSupportMessageCommand)
export class SendSupportMessageHandler implements ICommandHandler<SendSupportMessageCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal: user, input: body, context }: SendSupportMessageCommand): Promise<CommandOutcome<{ messageId: string; sentAt: string }>> {
    if (body.registerId && body.registerId !== user.userId) throw new AppError('app/invalid-user-uid');
    const messageId = newId();
    const sentAt = this.clock.now().toISOString();
    const { result } = await handleCommand(
      this.store,
      supportStream(messageId),
      supportDecider,
      {
        type: 'SendSupportMessage',
        data: { messageId, registerId: user.userId, email: user.email, country: user.country, context: body.context, origin: body.origin, subject: body.subject, title: body.title, message: body.message, lang: body.lang ?? 'pt-BR', sentAt },
      },
      context,
    );
    return { value: { messageId, sentAt }, checkpoint: result?.checkpoint ?? null };
  }
}
