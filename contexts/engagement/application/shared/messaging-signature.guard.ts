import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AppError } from '@portal/kernel';
import { APP_CONFIG, type AppConfig } from '@portal/platform';
import { MESSAGING_SIGNATURE_HEADER } from '../../contracts/index.js';
import { verifyMessagingSignature } from './messaging-signature.js';

/**
 * Who may call the messaging webhook (ADR 0073): the platform, proven by the signature of the
 * exact body with the app secret. Without MESSAGING_APP_SECRET the webhook is off: 404.
 */
@Injectable()
export class MessagingSignatureGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(ctx: ExecutionContext): boolean {
    const secret = this.config.messaging.appSecret;
    if (!secret) throw new AppError('404');
    const req = ctx.switchToHttp().getRequest<{ rawBody?: Buffer; headers: Record<string, string | string[] | undefined> }>();
    verifyMessagingSignature(secret, req.rawBody, req.headers[MESSAGING_SIGNATURE_HEADER]);
    return true;
  }
}
