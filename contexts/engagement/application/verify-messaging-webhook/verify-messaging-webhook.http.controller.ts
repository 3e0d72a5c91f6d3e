import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public, ZodQuery } from '@portal/platform';
import { messagingHandshakeQuerySchema, type MessagingHandshakeQuery } from '../../contracts/index.js';
import { VerifyMessagingWebhookQuery } from './verify-messaging-webhook.query.js';

@Controller('messaging')
export class VerifyMessagingWebhookController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** The messaging platform, proving it knows the verify token (404 while messaging is off); a string answer leaves as text/plain. */
  @Get('webhook')
  @Public()
  verify(@ZodQuery(messagingHandshakeQuerySchema) handshake: MessagingHandshakeQuery): Promise<string> {
    return this.queries.execute(new VerifyMessagingWebhookQuery(handshake));
  }
}
