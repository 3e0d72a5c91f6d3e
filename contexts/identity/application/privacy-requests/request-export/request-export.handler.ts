import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { AppError, newId, type Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, type CommandOutcome } from '@portal/platform';
import { decideOnPrivacy } from '../privacy-record.js';
import { PrivacyRequestsProcess } from '../privacy-requests.process.js';
import { RequestExportCommand } from './request-export.command.js';

/** Records DataExportRequested (or answers the open one) and kicks the background job that builds it. */
@CommandHandler(RequestExportCommand)
export class RequestExportHandler implements ICommandHandler<RequestExportCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PrivacyRequestsProcess) private readonly process: PrivacyRequestsProcess,
  ) {}

  async execute({ principal, context }: RequestExportCommand): Promise<CommandOutcome<{ requestId: string; dueAt: string }>> {
    const { value: state, checkpoint } = await decideOnPrivacy(
      this.store,
      principal.userId,
      { type: 'RequestExport', data: { requestId: newId(), userId: principal.userId, companyId: principal.companyId, by: principal.userId, now: this.clock.now().toISOString() } },
      context,
    );
    const open = Object.entries(state.requests).find(([, r]) => r.kind === 'export' && r.status === 'pending');
    // an erased subject has no open request to answer (and cannot sign in)
    if (!open) throw new AppError('user-not-found');
    const [requestId, request] = open;
    this.process.kick();
    return { value: { requestId, dueAt: request.dueAt }, checkpoint };
  }
}
