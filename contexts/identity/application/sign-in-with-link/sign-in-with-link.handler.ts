import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, PROJECTIONS, handleCommand, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { userStream } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { parseActionCode } from '../shared/codes.js';
import { joinCompanyByDomain } from '../shared/company-domains.js';
import { SessionService, type IssuedSession } from '../shared/session-service.js';
import { SignInThrottle } from '../shared/throttle.js';
import { SignInWithLinkCommand } from './sign-in-with-link.command.js';
import { DeletionGrace } from '../privacy-requests/deletion-grace.js';
import { localeOf } from '../shared/mail-templates.js';

/**
 * Uses a link: no password and no throttle (the 256-bit code is the proof, and only the mailbox
 * has it). The pair (account, this address) is then recognised, so the owner's own address stays
 * open while an attacker elsewhere keeps the account's ceiling full.
 */
@CommandHandler(SignInWithLinkCommand)
export class SignInWithLinkHandler implements ICommandHandler<SignInWithLinkCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(DeletionGrace) private readonly grace: DeletionGrace,
  ) {}

  async execute({ code, client, context }: SignInWithLinkCommand): Promise<CommandOutcome<IssuedSession>> {
    const parsed = parseActionCode(code);
    if (!parsed) throw new AppError('invalid-action-code');
    const sessionId = newId();
    const { state } = await handleCommand(
      this.store,
      userStream(parsed.userId),
      userDecider,
      { type: 'UseSignInLink', data: { codeHash: parsed.codeHash, sessionId, ip: client.ip, now: this.clock.now().toISOString() } },
      { ...context, actor: parsed.userId },
    ).catch((error: unknown) => {
      // a well-formed code naming no account is as invalid as any other
      throw error instanceof AppError && error.code === 'user-not-found' ? new AppError('invalid-action-code') : error;
    });
    if (state.status !== 'registered') throw new AppError('invalid-action-code');
    await this.throttle.recognise(state.email, client.ip);
    // the link proved the address: one of a company's domain joins that company (ADR 0051)
    const joined = await joinCompanyByDomain(this.store, this.projections, state.userId, state.email, this.clock.now(), { ...context, actor: parsed.userId });
    // signing in within the grace period cancels a pending account deletion (ADR 0092)
    await this.grace.signedIn(state, localeOf(null, state.lang), context);
    const session = await this.sessions.start(joined.state?.status === 'registered' ? joined.state : state, context, client, sessionId);
    return { value: session, checkpoint: session.checkpoint };
  }
}
