import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class ClaimExpertQuestionCommand extends Command<CommandOutcome<void>> {
  constructor(
    readonly expertId: string,
    readonly questionId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
