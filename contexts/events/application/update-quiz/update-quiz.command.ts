import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { Quiz, QuizBody } from '../../contracts/index.js';

export class UpdateQuizCommand extends Command<CommandOutcome<Quiz>> {
  constructor(
    readonly quizId: string,
    readonly input: QuizBody,
    readonly context: AppendContext,
  ) {
    super();
  }
}
