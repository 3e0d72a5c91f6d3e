import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, handleCommand, type CommandOutcome } from '@portal/platform';
import { emailStream, userStream } from '../../contracts/index.js';
import { emailClaimDecider, userDecider } from '../shared/deciders.js';
import { emailKey } from '../shared/email-key.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { SessionService, type IssuedSession } from '../shared/session-service.js';
import { RegisterUserCommand } from './register-user.command.js';

/**
 * Claims the address in its consistency stream first (unique e-mail across users), then records
 * the registration in the user's stream. If that second append failed the claim is released.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  async execute({ input, client, context }: RegisterUserCommand): Promise<CommandOutcome<IssuedSession>> {
    const userId = newId();
    const now = this.clock.now().toISOString();
    const claimStream = emailStream(emailKey(input.email));
    await handleCommand(this.store, claimStream, emailClaimDecider, { type: 'ClaimEmail', data: { email: input.email, userId, now } }, context);
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
      // the account was not recorded: give the address back
      await handleCommand(this.store, claimStream, emailClaimDecider, { type: 'ReleaseEmail', data: { email: input.email, userId, now } }, context).catch(() => undefined);
      throw error;
    }
    // registration signs the new user in (000 §4.5)
    const session = await this.sessions.start(registered, { ...context, actor: userId }, client);
    return { value: session, checkpoint: session.checkpoint };
  }
}
