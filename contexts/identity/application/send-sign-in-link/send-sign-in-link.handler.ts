import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, DEFAULT_LOCALE, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, handleCommand, type AppConfig } from '@portal/platform';
import { userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { newActionCode } from '../shared/codes.js';
import { renderMail, signInLinkUrl } from '../shared/mail-templates.js';
import { SendSignInLinkCommand } from './send-sign-in-link.command.js';
import { ownerOfEmail } from '../shared/email-claims.js';

/** A sign-in link opens the account for 15 minutes, once (ADR 0032). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/** At most one link a minute per account; further requests answer the same and mail nothing. */
export const SIGN_IN_LINK_COOLDOWN_MS = 60_000;

/** Same answer and no error whether or not the address has an account (no enumeration). */
@CommandHandler(SendSignInLinkCommand)
export class SendSignInLinkHandler implements ICommandHandler<SendSignInLinkCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ email, lang, context }: SendSignInLinkCommand): Promise<void> {
    const userId = await ownerOfEmail(this.store, email);
    if (!userId) return;
    const now = this.clock.now();
    const { oobCode, codeHash } = newActionCode(userId);
    const { events, state } = await handleCommand(
      this.store,
      userStream(userId),
      userDecider,
      { type: 'SendSignInLink', data: { codeHash, now: now.toISOString(), expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS).toISOString(), cooldownMs: SIGN_IN_LINK_COOLDOWN_MS } },
      context,
    ).catch((error: unknown) => {
      // a claim whose account was never written (user-not-found) answers like an unknown address
      if (error instanceof AppError && error.code === 'user-not-found') return { events: [], state: null };
      throw error;
    });
    if (events.length === 0 || state?.status !== 'registered') return;
    const locale = lang ?? state.lang ?? DEFAULT_LOCALE;
    const mail = renderMail('signInLink', locale, { link: signInLinkUrl(this.config.publicUrl, oobCode, locale), email: state.email, minutes: SIGN_IN_LINK_TTL_MS / 60_000 });
    await this.mailer.send({ to: state.email, ...mail, category: 'signInLink', locale });
  }
}
