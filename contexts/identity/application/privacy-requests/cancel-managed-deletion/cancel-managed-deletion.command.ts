import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome, PortalRequest } from '@portal/platform';
import type { UserPrincipal } from '../privacy-record.js';

/**
 * An operator cancels a pending deletion on the subject's behalf (the subject cancels by signing
 * in: requesting the deletion ended their sessions).
 */
export class CancelManagedDeletionCommand extends Command<CommandOutcome<null>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly requestId: string,
    readonly req: PortalRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
