import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { PortalRequest } from '@portal/platform';

export class MarkExpertAnswersSeenCommand extends Command<CommandOutcome<void>> {
  constructor(
    readonly userId: string,
    readonly req: PortalRequest,
    readonly context: AppendContext,
  ) {
    super();
  }
}
