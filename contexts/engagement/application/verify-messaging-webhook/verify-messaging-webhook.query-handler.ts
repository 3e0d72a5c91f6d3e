import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { APP_CONFIG, type AppConfig } from '@portal/platform';
import { sameSecret } from '../shared/messaging-signature.js';
import { VerifyMessagingWebhookQuery } from './verify-messaging-webhook.query.js';

/**
 * The Cloud API's verification request: `hub.mode=subscribe` with the configured verify token is
 * answered with `hub.challenge`; any other request is 403; while messaging is off (no app
 * secret), 404 like an unknown route.
 */
@QueryHandler(VerifyMessagingWebhookQuery)
export class VerifyMessagingWebhookHandler implements IQueryHandler<VerifyMessagingWebhookQuery> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ handshake }: VerifyMessagingWebhookQuery): Promise<string> {
    const { appSecret, verifyToken } = this.config.messaging;
    if (!appSecret || !verifyToken) throw new AppError('404');
    const token = handshake['hub.verify_token'];
    const challenge = handshake['hub.challenge'];
    if (handshake['hub.mode'] !== 'subscribe' || token === undefined || challenge === undefined || !sameSecret(token, verifyToken)) throw new AppError('403');
    return challenge;
  }
}
