import { Query } from '@nestjs/cqrs';
import type { MessagingHandshakeQuery } from '../../contracts/index.js';

/** The platform's verification handshake: answers the challenge as text (ADR 0073). */
export class VerifyMessagingWebhookQuery extends Query<string> {
  constructor(readonly handshake: MessagingHandshakeQuery) {
    super();
  }
}
