import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { UserPrincipal } from '../privacy-record.js';

/** "Delete my account" (ADR 0092): confirmed by the subject, erased after the grace period. */
export class RequestDeletionCommand extends Command<CommandOutcome<{ requestId: string; eraseAfter: string }>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly context: AppendContext,
  ) {
    super();
  }
}
