import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { AppError, newId, type Clock } from '@portal/kernel';
import type { Mailer } from '@portal/mail';
import { APP_CONFIG, CLOCK, EVENT_STORE, loadState, MAILER, type AppConfig, type CommandOutcome } from '@portal/platform';
import { userStream } from '../../../contracts/index.js';
import { userDecider } from '../../../domain/index.js';
import { localeOf, renderMail } from '../../shared/mail-templates.js';
import { SessionService } from '../../shared/session-service.js';
import { decideOnPrivacy } from '../privacy-record.js';
import { RequestDeletionCommand } from './request-deletion.command.js';

/**
 * Records AccountDeletionRequested (or answers the open one), ends every session of the subject
 * (so that only a new sign-in, which cancels the request, brings them back) and mails the date
 * with the way to cancel.
 */
@CommandHandler(RequestDeletionCommand)
export class RequestDeletionHandler implements ICommandHandler<RequestDeletionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  async execute({ principal, context }: RequestDeletionCommand): Promise<CommandOutcome<{ requestId: string; eraseAfter: string }>> {
    const { value: state, checkpoint, changed } = await decideOnPrivacy(
      this.store,
      principal.userId,
      { type: 'RequestDeletion', data: { requestId: newId(), userId: principal.userId, companyId: principal.companyId, by: principal.userId, now: this.clock.now().toISOString() } },
      context,
    );
    const open = Object.entries(state.requests).find(([, r]) => r.kind === 'deletion' && (r.status === 'pending' || r.status === 'erasing'));
    if (!open) throw new AppError('user-not-found');
    const [requestId, request] = open;
    if (changed) {
      const { state: user } = await loadState(this.store, userStream(principal.userId), userDecider);
      if (user.status === 'registered') {
        const locale = localeOf(null, user.lang);
        const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(request.eraseAfter ?? request.dueAt));
        const mail = renderMail('deletionScheduled', locale, { link: `${this.config.publicUrl.replace(/\/$/, '')}/auth?lang=${locale}`, email: user.email, date });
        await this.mailer.send({ to: user.email, ...mail, category: 'deletionScheduled', locale });
      }
      // every session up to now, the one just started by another tab included
      await this.sessions.revokeAllOf(principal.userId, 'account-deletion', await this.store.headCheckpoint(), context);
    }
    return { value: { requestId, eraseAfter: request.eraseAfter ?? request.dueAt }, checkpoint };
  }
}
