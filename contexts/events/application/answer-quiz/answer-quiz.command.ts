import { Command } from '@nestjs/cqrs';
import type { AppendContext } from '@portal/eventstore';
import type { Locale } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { QuizResult } from '../../contracts/index.js';
import type { GivenAnswer } from '../../domain/index.js';

export class AnswerQuizCommand extends Command<CommandOutcome<QuizResult>> {
  constructor(
    readonly eventId: string,
    readonly quizId: string,
    readonly userId: string,
    readonly lang: Locale,
    readonly answers: GivenAnswer[],
    readonly context: AppendContext,
  ) {
    super();
  }
}
