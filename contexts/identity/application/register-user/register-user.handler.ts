import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { APP_CONFIG, CLOCK, EVENT_STORE, PROJECTIONS, handleCommand, loadState, type AppConfig, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { CONSENT_TEXT_VERSIONS, userStream, type RegisterRequest } from '../../contracts/index.js';
import { userDecider, type PreRegisteredUser, type RegisteredUser } from '../../domain/index.js';
import { parseInvitationToken } from '../shared/codes.js';
import { admitRegistration } from '../shared/company-domains.js';
import { claimEmail, ownerOfEmail, releaseAbandonedClaim } from '../shared/email-claims.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { SessionService, type IssuedSession } from '../shared/session-service.js';
import { decideOnPrivacy } from '../privacy-requests/privacy-record.js';
import { RegisterUserCommand } from './register-user.command.js';

/**
 * Claims the address in its consistency stream first (unique e-mail across users), then records
 * the registration in the user's stream. If that second append failed the attempt is closed and
 * the claim released (ADR 0005). An address a manager pre-registered is already claimed for its
 * user: the registration is recorded in that user's stream, which takes over the company and
 * access (ADR 0050); the invitation's token, when the screen was opened from it, verifies the
 * address.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ input, client, context }: RegisterUserCommand): Promise<CommandOutcome<IssuedSession>> {
    // the consent text the screen showed must be the one in force (ADR 0092), checked before anything is stored
    const textVersion = input.consentTextVersion ?? CONSENT_TEXT_VERSIONS.registration;
    if (textVersion !== CONSENT_TEXT_VERSIONS.registration) {
      throw new AppError('app/bed-request', 'Invalid request', [{ path: 'consentTextVersion', message: 'not the text version in force', code: 'custom' }]);
    }
    // an invitation-only company's domain admits only pre-registered addresses (ADR 0051)
    await admitRegistration(this.store, this.projections, input.email, context);
    const preRegistered = await this.preRegistrationOf(input.email);
    const registered = preRegistered ? await this.takeOver(preRegistered, input, context) : await this.register(input, context);
    // the registration consent as a versioned event of the subject's privacy record (ADR 0092)
    await decideOnPrivacy(
      this.store,
      registered.userId,
      { type: 'SetConsent', data: { userId: registered.userId, consent: 'registration', given: true, textVersion, now: this.clock.now().toISOString() } },
      { ...context, actor: registered.userId },
    );
    // registration signs the new user in (000 §4.5)
    const session = await this.sessions.start(registered, { ...context, actor: registered.userId }, client);
    return { value: session, checkpoint: session.checkpoint };
  }

  private async preRegistrationOf(email: string): Promise<PreRegisteredUser | null> {
    const owner = await ownerOfEmail(this.store, email);
    if (!owner) return null;
    const { state } = await loadState(this.store, userStream(owner), userDecider);
    return state.status === 'preRegistered' ? state : null;
  }

  private async takeOver(pre: PreRegisteredUser, input: RegisterRequest, context: RegisterUserCommand['context']): Promise<RegisteredUser> {
    const token = input.invitation ? parseInvitationToken(this.config.jwtSecret, input.invitation) : null;
    const passwordHash = await this.hasher.hash(input.password);
    const { state } = await handleCommand(
      this.store,
      userStream(pre.userId),
      userDecider,
      {
        type: 'RegisterUser',
        data: {
          userId: pre.userId,
          email: input.email,
          passwordHash,
          country: input.country,
          ref: input.ref ?? null,
          lang: input.lang ?? null,
          consent: input.consent,
          now: this.clock.now().toISOString(),
          invitationCodeHash: token?.userId === pre.userId ? token.codeHash : null,
        },
      },
      context,
    );
    if (state.status !== 'registered') throw new Error('registration did not register');
    return state;
  }

  private async register(input: RegisterRequest, context: RegisterUserCommand['context']): Promise<RegisteredUser> {
    const userId = newId();
    const at = this.clock.now();
    const now = at.toISOString();
    // an abandoned claim of the address (no account after ABANDONED_CLAIM_AFTER_MS) is released here
    await claimEmail(this.store, input.email, userId, at, context);
    const passwordHash = await this.hasher.hash(input.password);
    let registered;
    try {
      const { state } = await handleCommand(
        this.store,
        userStream(userId),
        userDecider,
        {
          type: 'RegisterUser',
          data: { userId, email: input.email, passwordHash, country: input.country, ref: input.ref ?? null, lang: input.lang ?? null, consent: input.consent, now },
        },
        context,
      );
      if (state.status !== 'registered') throw new Error('registration did not register');
      registered = state;
    } catch (error) {
      // give the address back unless the account was recorded after all (an append whose answer
      // was lost); if this fails too, the next claim of the address releases it once it is stale
      await releaseAbandonedClaim(this.store, input.email, at, context, { reason: 'failed', owner: userId }).catch(() => undefined);
      throw error;
    }
    return registered;
  }
}
