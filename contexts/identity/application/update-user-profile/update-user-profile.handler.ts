import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock, Locale } from '@portal/kernel';
import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, MAILER, PROJECTIONS, handleCommand, type AppConfig, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { emailStream, type UserData } from '../../contracts/index.js';
import { emailClaimDecider } from '../../domain/index.js';
import { newActionCode } from '../shared/codes.js';
import { claimEmail } from '../shared/email-claims.js';
import { emailKey } from '../shared/email-key.js';
import { actionLink, renderMail } from '../shared/mail-templates.js';
import { readUserData } from '../shared/user-data.js';
import { decideOnUser } from '../shared/user-stream.js';
import { UpdateUserProfileCommand } from './update-user-profile.command.js';

const RECOVER_LINK_TTL_MS = 7 * 24 * 3600_000;

/**
 * POST /updateUserProfile: the profile rules of 000 §3 live in the decider; an e-mail change moves
 * the claim and mails a recover link to the old address. Answers the profile as GET /userData
 * would, once the users read model has this update.
 */
@CommandHandler(UpdateUserProfileCommand)
export class UpdateUserProfileHandler implements ICommandHandler<UpdateUserProfileCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ userId, input, context }: UpdateUserProfileCommand): Promise<CommandOutcome<UserData>> {
    let last: Checkpoint | null = null;
    const { lang, email, ...profile } = input;
    if (email) last = (await this.changeEmail(userId, email, lang ?? null, context)) ?? last;
    if (Object.keys(profile).length > 0) {
      last = (await decideOnUser(this.store, userId, { type: 'UpdateProfile', data: { ...profile, userId, now: this.now() } }, context)).checkpoint ?? last;
    }
    if (lang) last = (await decideOnUser(this.store, userId, { type: 'ChangeLocale', data: { lang, now: this.now() } }, context)).checkpoint ?? last;
    // the answer is the read model's view of this update (read-your-writes within the request)
    await this.projections.waitFor('users', last);
    return { value: await readUserData(this.projections, userId), checkpoint: last };
  }

  private now() {
    return this.clock.now().toISOString();
  }

  private async changeEmail(userId: string, email: string, lang: Locale | null, ctx: AppendContext): Promise<Checkpoint | null> {
    const now = this.clock.now();
    // the new address must be free: claiming it first answers email-already-in-use otherwise
    await claimEmail(this.store, email, userId, now, ctx);
    const { oobCode, codeHash } = newActionCode(userId);
    const { events, state, checkpoint } = await decideOnUser(
      this.store,
      userId,
      { type: 'ChangeEmail', data: { email, recoverCodeHash: codeHash, now: now.toISOString(), recoverExpiresAt: new Date(now.getTime() + RECOVER_LINK_TTL_MS).toISOString() } },
      ctx,
    );
    const changed = events.find((e) => e.type === 'EmailChanged');
    if (!changed || changed.type !== 'EmailChanged' || state.status !== 'registered') return null;
    const locale = lang ?? state.lang ?? 'pt-BR';
    const mail = renderMail('recoverEmail', locale, { link: actionLink(this.config.publicUrl, 'recoverEmail', oobCode, locale), email });
    await this.mailer.send({ to: changed.data.previousEmail, ...mail, category: 'recoverEmail', locale });
    await handleCommand(this.store, emailStream(emailKey(changed.data.previousEmail)), emailClaimDecider, { type: 'ReleaseEmail', data: { email: changed.data.previousEmail, userId, now: now.toISOString() } }, ctx);
    return checkpoint;
  }
}
