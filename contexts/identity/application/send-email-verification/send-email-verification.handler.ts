import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, handleCommand, type AppConfig, type CommandOutcome } from '@portal/platform';
import { userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { newActionCode } from '../shared/codes.js';
import { actionLink, localeOf, renderMail } from '../shared/mail-templates.js';
import { SendEmailVerificationCommand } from './send-email-verification.command.js';

export const VERIFY_LINK_TTL_MS = 24 * 3600_000;

@CommandHandler(SendEmailVerificationCommand)
export class SendEmailVerificationHandler implements ICommandHandler<SendEmailVerificationCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, lang, context }: SendEmailVerificationCommand): Promise<CommandOutcome<{ sentAt: string }>> {
    const now = this.clock.now();
    const { oobCode, codeHash } = newActionCode(userId);
    const { state, result } = await handleCommand(
      this.store,
      userStream(userId),
      userDecider,
      {
        type: 'SendEmailVerification',
        data: { codeHash, now: now.toISOString(), expiresAt: new Date(now.getTime() + VERIFY_LINK_TTL_MS).toISOString(), cooldownMs: this.config.verificationResendMinutes * 60_000 },
      },
      context,
    );
    if (state.status !== 'registered') throw new AppError('user-not-found');
    const locale = localeOf(lang, state.lang);
    const mail = renderMail('verifyEmail', locale, { link: actionLink(this.config.publicUrl, 'verifyEmail', oobCode, locale), email: state.email });
    await this.mailer.send({ to: state.email, ...mail, category: 'verifyEmail', locale });
    return { value: { sentAt: now.toISOString() }, checkpoint: result?.checkpoint ?? null };
  }
}
