import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, loadState, type CommandOutcome } from '@portal/platform';
import { userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { SessionService, type IssuedSession } from '../shared/session-service.js';
import { SignInThrottle } from '../shared/throttle.js';
import { SignInCommand } from './sign-in.command.js';
import { ownerOfEmail } from '../shared/email-claims.js';
import { DeletionGrace } from '../privacy-requests/deletion-grace.js';
import { localeOf } from '../shared/mail-templates.js';

/** 429 too-many-requests naming the wait (the controller also sends it as Retry-After). */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError('too-many-requests', undefined, undefined, { retryAfterSeconds, retryAfterMinutes: Math.ceil(retryAfterSeconds / 60) });

/**
 * The throttle (ADR 0032) decides first whether a password may be tried at all: a held attempt
 * answers 429 without checking the password and without recording anything on the account. Then
 * the claim and user streams are read (strongly consistent: a fresh registration can sign in at
 * once). Unknown e-mail and wrong password give the same code after the same argon2 work, and
 * the throttle treats both alike.
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
    @Inject(DeletionGrace) private readonly grace: DeletionGrace,
  ) {}

  async execute({ input, client, context }: SignInCommand): Promise<CommandOutcome<IssuedSession>> {
    const gate = await this.throttle.attempt(input.email, client.ip);
    if (!gate.allowed) throw tooManyRequests(gate.retryAfterSeconds);
    const userId = await ownerOfEmail(this.store, input.email);
    const user = userId ? (await loadState(this.store, userStream(userId), userDecider)).state : null;
    const registered = user && user.status === 'registered' ? user : null;
    const ok = await this.hasher.verify(registered?.passwordHash ?? null, input.password);
    const now = this.clock.now().toISOString();
    const sessionId = newId();
    if (registered) {
      await handleCommand(
        this.store,
        userStream(registered.userId),
        userDecider,
        { type: 'RecordSignIn', data: { userId: registered.userId, sessionId: ok ? sessionId : '', succeeded: ok, ip: client.ip, now } },
        { ...context, actor: registered.userId },
      );
    }
    if (!ok || !registered) throw new AppError('invalid-credential');
    await this.throttle.succeeded(input.email, client.ip);
    // signing in within the grace period cancels a pending account deletion (ADR 0092)
    await this.grace.signedIn(registered, localeOf(null, registered.lang), context);
    const session = await this.sessions.start(registered, context, client, sessionId);
    return { value: session, checkpoint: session.checkpoint };
  }
}
