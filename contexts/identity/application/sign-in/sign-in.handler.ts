import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, loadState, type CommandOutcome } from '@portal/platform';
import { emailStream, userStream } from '../../contracts/index.js';
import { emailClaimDecider, userDecider } from '../shared/deciders.js';
import { emailKey } from '../shared/email-key.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { SessionService, type IssuedSession } from '../shared/session-service.js';
import { SignInThrottle } from '../shared/throttle.js';
import { SignInCommand } from './sign-in.command.js';

/**
 * Reads the claim and user streams (strongly consistent: a fresh registration can sign in at
 * once). Unknown e-mail and wrong password give the same code after the same argon2 work;
 * repeated failures per e-mail or address answer too-many-requests, even for the right password.
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
  ) {}

  async execute({ input, client, context }: SignInCommand): Promise<CommandOutcome<IssuedSession>> {
    const claim = await loadState(this.store, emailStream(emailKey(input.email)), emailClaimDecider);
    const userId = claim.state.owner;
    const user = userId ? (await loadState(this.store, userStream(userId), userDecider)).state : null;
    const registered = user && user.status === 'registered' ? user : null;
    const blockedFor = await this.throttle.blockedMinutes(input.email, client.ip);
    const blocked = blockedFor > 0;
    const ok = !blocked && (await this.hasher.verify(registered?.passwordHash ?? null, input.password));
    const now = this.clock.now().toISOString();
    if (!ok) await this.throttle.recordFailure(input.email, client.ip);
    const sessionId = newId();
    if (registered) {
      await handleCommand(
        this.store,
        userStream(registered.userId),
        userDecider,
        { type: 'RecordSignIn', data: { userId: registered.userId, sessionId: ok ? sessionId : '', succeeded: ok, throttled: blocked, ip: client.ip, now } },
        { ...context, actor: registered.userId },
      );
    }
    if (blocked) throw new AppError('too-many-requests', undefined, undefined, { retryAfterMinutes: blockedFor });
    if (!ok || !registered) throw new AppError('invalid-credential');
    await this.throttle.reset(input.email);
    const session = await this.sessions.start(registered, context, client, sessionId);
    return { value: session, checkpoint: session.checkpoint };
  }
}
