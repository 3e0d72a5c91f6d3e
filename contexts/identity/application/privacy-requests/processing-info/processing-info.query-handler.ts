import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@portal/platform';
import type { ProcessingInfo } from '../../../contracts/index.js';
import { ProcessingInfoQuery } from './processing-info.query.js';

/** Only a host name: never a credential, path or query of the configured URLs. */
const hostOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
};

/**
 * The categories are the portal's (every installation processes them); the recipients are read
 * from this installation's configuration: the mail relay (SMTP_URL), the messaging app's webhook
 * (MESSAGING_APP_SECRET) and the xAPI LRS (XAPI_LRS_ENDPOINT), each with whether it is on.
 */
@QueryHandler(ProcessingInfoQuery)
export class ProcessingInfoHandler implements IQueryHandler<ProcessingInfoQuery> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  execute(): Promise<ProcessingInfo> {
    const lrs = this.config.xapi.lrs;
    return Promise.resolve({
      categories: ['account', 'profile', 'learning', 'assessment', 'booking', 'events', 'messages', 'technical'],
      sharing: [
        { recipient: 'mail', configured: this.config.smtpUrl !== null, host: hostOf(this.config.smtpUrl) },
        { recipient: 'messaging', configured: this.config.messaging.appSecret !== null, host: null },
        { recipient: 'xapi', configured: lrs !== null, host: hostOf(lrs?.endpoint) },
      ],
    });
  }
}
