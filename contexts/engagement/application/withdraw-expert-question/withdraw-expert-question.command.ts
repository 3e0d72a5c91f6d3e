import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class WithdrawExpertQuestionCommand extends Command<CommandOutcome<void>> {
  constructor(
    readonly userId: string,
    readonly questionId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
