import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@portal/eventstore';
import { AppError, type Clock } from '@portal/kernel';
import { CLOCK, EVENT_STORE, PROJECTIONS, waitForReads, type CommandOutcome } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findPrivacyRequest } from '@portal/projection-privacy-requests';
import { inScope } from '../../../contracts/index.js';
import { decideOnPrivacy, PRIVACY_READ_MODEL, privacyReader, privacyScope } from '../privacy-record.js';
import { CancelManagedDeletionCommand } from './cancel-managed-deletion.command.js';

/** 403 without a privacy scope, 404 for a request outside it; AccountDeletionCanceled (operator) while pending. */
@CommandHandler(CancelManagedDeletionCommand)
export class CancelManagedDeletionHandler implements ICommandHandler<CancelManagedDeletionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, requestId, req, context }: CancelManagedDeletionCommand): Promise<CommandOutcome<null>> {
    const scope = privacyScope(principal);
    if (scope.kind === 'none') throw new AppError('403');
    await waitForReads(this.projections, req, [PRIVACY_READ_MODEL]);
    const row = await findPrivacyRequest(privacyReader(this.projections), requestId);
    if (!row || row.kind !== 'deletion' || !inScope(scope, row.company_id)) throw new AppError('404');
    const { checkpoint } = await decideOnPrivacy(
      this.store,
      row.user_id,
      { type: 'CancelDeletion', data: { userId: row.user_id, requestId, reason: 'operator', by: principal.userId, now: this.clock.now().toISOString() } },
      context,
    );
    return { value: null, checkpoint };
  }
}
