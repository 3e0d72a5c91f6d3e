import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';

export class DeleteQuizCommand extends Command<CommandOutcome<void>> {
  constructor(
    readonly quizId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}
