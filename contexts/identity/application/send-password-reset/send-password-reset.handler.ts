import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, handleCommand, type AppConfig } from '@portal/platform';
import { userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { newActionCode } from '../shared/codes.js';
import { actionLink, localeOf, renderMail } from '../shared/mail-templates.js';
import { SendPasswordResetCommand } from './send-password-reset.command.js';
import { ownerOfEmail } from '../shared/email-claims.js';

export const RESET_LINK_TTL_MS = 3600_000;
/** A reset link is mailed at most once a minute per account; further requests answer the same. */
export const RESET_COOLDOWN_MS = 60_000;

/** Same answer and no error whether or not the address exists (no enumeration). */
@CommandHandler(SendPasswordResetCommand)
export class SendPasswordResetHandler implements ICommandHandler<SendPasswordResetCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ email, lang, context }: SendPasswordResetCommand): Promise<void> {
    const userId = await ownerOfEmail(this.store, email);
    if (!userId) return;
    const now = this.clock.now();
    const { oobCode, codeHash } = newActionCode(userId);
    const { events, state } = await handleCommand(
      this.store,
      userStream(userId),
      userDecider,
      { type: 'RequestPasswordReset', data: { codeHash, now: now.toISOString(), expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS).toISOString(), cooldownMs: RESET_COOLDOWN_MS } },
      context,
    );
    if (events.length === 0 || state.status !== 'registered') return;
    const locale = localeOf(lang, state.lang);
    const mail = renderMail('resetPassword', locale, { link: actionLink(this.config.publicUrl, 'resetPassword', oobCode, locale), email: state.email });
    await this.mailer.send({ to: state.email, ...mail, category: 'resetPassword', locale });
  }
}
