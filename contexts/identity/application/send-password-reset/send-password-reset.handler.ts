import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, type AppConfig } from '@portal/platform';
import { mailActionCode } from '../shared/action-code-mail.js';
import { actionLink } from '../shared/mail-templates.js';
import { SendPasswordResetCommand } from './send-password-reset.command.js';

export const RESET_LINK_TTL_MS = 3600_000;
/** A reset link is mailed at most once a minute per account; further requests answer the same. */
export const RESET_COOLDOWN_MS = 60_000;

/** Same answer and no error whether or not the address exists (no enumeration; the shared flow, `mailActionCode`). */
@CommandHandler(SendPasswordResetCommand)
export class SendPasswordResetHandler implements ICommandHandler<SendPasswordResetCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ email, lang, context }: SendPasswordResetCommand): Promise<void> {
    return mailActionCode({ store: this.store, clock: this.clock, mailer: this.mailer }, { email, lang, context }, {
      command: 'RequestPasswordReset',
      ttlMs: RESET_LINK_TTL_MS,
      cooldownMs: RESET_COOLDOWN_MS,
      template: 'resetPassword',
      link: (oobCode, locale) => actionLink(this.config.publicUrl, 'resetPassword', oobCode, locale),
    });
  }
}
