import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, DEFAULT_LOCALE, type Clock, type Locale } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, PROJECTIONS, handleCommand, loadState, type AppConfig, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listSessionIds } from '@portal/projection-users';
import { SessionService } from '../shared/session-service.js';
import { emailStream, userStream } from '../../contracts/index.js';
import type { ActionMode } from '../../contracts/events.js';
import { emailClaimDecider, userDecider } from '../shared/deciders.js';
import { emailKey } from '../shared/email-key.js';
import { claimEmail } from '../shared/email-claims.js';
import { newActionCode, parseActionCode } from '../shared/codes.js';
import { actionLink, renderMail } from '../shared/mail-templates.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { ApplyActionCodeCommand, CheckActionCodeCommand, SendEmailVerificationCommand, SendPasswordResetCommand } from './email-links.commands.js';

export const VERIFY_LINK_TTL_MS = 24 * 3600_000;
export const RESET_LINK_TTL_MS = 3600_000;
/** A reset link is mailed at most once a minute per account; further requests answer the same. */
export const RESET_COOLDOWN_MS = 60_000;

const localeOf = (requested: Locale | null, profile: Locale | null): Locale => requested ?? profile ?? DEFAULT_LOCALE;

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
    const claim = await loadState(this.store, emailStream(emailKey(email)), emailClaimDecider);
    if (!claim.state.owner) return;
    const userId = claim.state.owner;
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

async function loadForCode(store: EventStore, oobCode: string) {
  const parsed = parseActionCode(oobCode);
  if (!parsed) throw new AppError('invalid-action-code');
  const { state } = await loadState(store, userStream(parsed.userId), userDecider);
  if (state.status !== 'registered') throw new AppError('invalid-action-code');
  return { parsed, state };
}

@CommandHandler(CheckActionCodeCommand)
export class CheckActionCodeHandler implements ICommandHandler<CheckActionCodeCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ mode, oobCode }: CheckActionCodeCommand): Promise<{ mode: ActionMode; email: string }> {
    const { parsed, state } = await loadForCode(this.store, oobCode);
    const code = state.codes[parsed.codeHash];
    if (!code || code.mode !== mode) throw new AppError('invalid-action-code');
    if (code.usedAt) throw new AppError('action-already-validated');
    if (code.expiresAt <= this.clock.now().toISOString()) throw new AppError('expired-action-code');
    return { mode, email: mode === 'recoverEmail' ? code.subject ?? state.email : state.email };
  }
}

@CommandHandler(ApplyActionCodeCommand)
export class ApplyActionCodeHandler implements ICommandHandler<ApplyActionCodeCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  async execute({ mode, oobCode, newPassword, context }: ApplyActionCodeCommand): Promise<CommandOutcome<{ mode: ActionMode; email: string }>> {
    const { parsed } = await loadForCode(this.store, oobCode);
    if (mode === 'resetPassword' && !newPassword) throw new AppError('app/bed-request', 'A new password is required', [{ path: 'newPassword', message: 'required' }]);
    const newPasswordHash = mode === 'resetPassword' && newPassword ? await this.hasher.hash(newPassword) : undefined;
    const { state, result } = await handleCommand(
      this.store,
      userStream(parsed.userId),
      userDecider,
      { type: 'ApplyActionCode', data: { mode, codeHash: parsed.codeHash, now: this.clock.now().toISOString(), ...(newPasswordHash ? { newPasswordHash } : {}) } },
      { ...context, actor: parsed.userId },
    );
    if (state.status !== 'registered') throw new AppError('invalid-action-code');
    if (mode === 'resetPassword') {
      // a new password signs every device out (a leaked session dies with the old password)
      await this.projections.waitFor('users', result?.checkpoint ?? null);
      for (const sessionId of await listSessionIds(this.projections.reader('users'), state.userId)) {
        await this.sessions.revoke(sessionId, 'password-changed', context);
      }
    }
    if (mode === 'recoverEmail') {
      // the restored address is this user's again
      await claimEmail(this.store, state.email, state.userId, this.clock.now(), context).catch(() => undefined);
    }
    return { value: { mode, email: state.email }, checkpoint: result?.checkpoint ?? null };
  }
}

export const EMAIL_LINK_HANDLERS = [SendEmailVerificationHandler, SendPasswordResetHandler, CheckActionCodeHandler, ApplyActionCodeHandler];
