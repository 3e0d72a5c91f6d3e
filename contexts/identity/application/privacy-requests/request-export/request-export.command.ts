import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { UserPrincipal } from '../privacy-record.js';

/** "Download my data" (ADR 0092). */
export class RequestExportCommand extends Command<CommandOutcome<{ requestId: string; dueAt: string }>> {
  constructor(
    readonly principal: UserPrincipal,
    readonly context: AppendContext,
  ) {
    super();
  }
}
