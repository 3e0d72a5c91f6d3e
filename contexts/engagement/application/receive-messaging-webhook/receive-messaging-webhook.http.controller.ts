import { Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswersWithPosition, appendContextOf, CurrentRequest, Public, ZodBody, type CommandOutcome, type PortalRequest } from '@portal/platform';
import { messagingWebhookSchema, type MessagingWebhook, type MessagingWebhookResponse } from '../../contracts/index.js';
import { MessagingSignatureGuard } from '../shared/messaging-signature.guard.js';
import { ReceiveMessagingWebhookCommand } from './receive-messaging-webhook.command.js';

@Controller('messaging')
export class ReceiveMessagingWebhookController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** The messaging platform, proven by the delivery's signature (404 while messaging is off); 200 for every signed delivery it can read. */
  @Post('webhook')
  @HttpCode(200)
  @Public()
  @UseGuards(MessagingSignatureGuard)
  @AnswersWithPosition()
  receive(@ZodBody(messagingWebhookSchema) delivery: MessagingWebhook, @CurrentRequest() req: PortalRequest): Promise<CommandOutcome<MessagingWebhookResponse>> {
    return this.commands.execute(new ReceiveMessagingWebhookCommand(delivery, { ...appendContextOf(req), actor: 'system', origin: 'webhook' }));
  }
}
