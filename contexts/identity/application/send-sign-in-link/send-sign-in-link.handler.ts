import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, type AppConfig } from '@portal/platform';
import { mailActionCode } from '../shared/action-code-mail.js';
import { signInLinkUrl } from '../shared/mail-templates.js';
import { SendSignInLinkCommand } from './send-sign-in-link.command.js';

/** A sign-in link opens the account for 15 minutes, once (ADR 0032). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/** At most one link a minute per account; further requests answer the same and mail nothing. */
export const SIGN_IN_LINK_COOLDOWN_MS = 60_000;

/** Same answer and no error whether or not the address has an account (no enumeration; the shared flow, `mailActionCode`). */
@CommandHandler(SendSignInLinkCommand)
export class SendSignInLinkHandler implements ICommandHandler<SendSignInLinkCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ email, lang, context }: SendSignInLinkCommand): Promise<void> {
    return mailActionCode({ store: this.store, clock: this.clock, mailer: this.mailer }, { email, lang, context }, {
      command: 'SendSignInLink',
      ttlMs: SIGN_IN_LINK_TTL_MS,
      cooldownMs: SIGN_IN_LINK_COOLDOWN_MS,
      template: 'signInLink',
      link: (oobCode, locale) => signInLinkUrl(this.config.publicUrl, oobCode, locale),
      vars: { minutes: SIGN_IN_LINK_TTL_MS / 60_000 },
    });
  }
}
