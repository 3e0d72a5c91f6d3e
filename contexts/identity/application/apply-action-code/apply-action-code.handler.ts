import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { CLOCK, EVENT_STORE, PROJECTIONS, handleCommand, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { userStream, type ActionMode } from '../../contracts/index.js';
import { userDecider } from '../../domain/index.js';
import { loadForCode } from '../shared/action-code-owner.js';
import { claimEmail } from '../shared/email-claims.js';
import { joinCompanyByDomain } from '../shared/company-domains.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { SessionService } from '../shared/session-service.js';
import { ApplyActionCodeCommand } from './apply-action-code.command.js';

/** Uses an e-mail action link: verifyEmail, resetPassword (signs every device out), recoverEmail. */
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
      await this.sessions.revokeAllOf(state.userId, 'password-changed', result?.checkpoint ?? null, context);
    }
    if (mode === 'recoverEmail') {
      // the restored address is this user's again
      await claimEmail(this.store, state.email, state.userId, this.clock.now(), context).catch(() => undefined);
    }
    // a verified address of a company's domain joins that company (ADR 0051)
    const joined = mode === 'verifyEmail' ? await joinCompanyByDomain(this.store, this.projections, state.userId, state.email, this.clock.now(), { ...context, actor: parsed.userId }) : null;
    return { value: { mode, email: state.email }, checkpoint: joined?.checkpoint ?? result?.checkpoint ?? null };
  }
}
