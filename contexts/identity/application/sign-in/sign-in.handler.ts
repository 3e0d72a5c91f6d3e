import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, loadState, type CommandOutcome } from '@portal/platform';
import { emailStream, userStream, type SessionResponse } from '../../contracts/index.js';
import { emailClaimDecider, userDecider } from '../shared/deciders.js';
import { emailKey } from '../shared/email-key.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { SessionIssuer } from '../shared/session-issuer.js';
import { SignInCommand } from './sign-in.command.js';

/**
 * Reads the claim and user streams (strongly consistent: a fresh registration can sign in at
 * once). Unknown e-mail and wrong password give the same code after the same argon2 work.
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(SessionIssuer) private readonly sessions: SessionIssuer,
  ) {}

  async execute({ input, ip, context }: SignInCommand): Promise<CommandOutcome<SessionResponse>> {
    const claim = await loadState(this.store, emailStream(emailKey(input.email)), emailClaimDecider);
    const userId = claim.state.owner;
    const user = userId ? (await loadState(this.store, userStream(userId), userDecider)).state : null;
    const registered = user && user.status === 'registered' ? user : null;
    const ok = await this.hasher.verify(registered?.passwordHash ?? null, input.password);
    const now = this.clock.now().toISOString();
    if (!registered) throw new AppError('invalid-credential');
    const sessionId = newId();
    const ctx = { ...context, actor: registered.userId };
    const { result } = await handleCommand(
      this.store,
      userStream(registered.userId),
      userDecider,
      { type: 'RecordSignIn', data: { userId: registered.userId, sessionId, succeeded: ok, ip, now } },
      ctx,
    );
    if (!ok) throw new AppError('invalid-credential');
    const session = await this.sessions.issue(registered, sessionId);
    const { sessionId: _sid, ...response } = session;
    void _sid;
    return { value: response, checkpoint: result?.checkpoint ?? null };
  }
}
