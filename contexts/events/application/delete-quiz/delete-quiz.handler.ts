import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import { QuizStore } from '../shared/quiz-store.js';
import { DeleteQuizCommand } from './delete-quiz.command.js';

/** A deleted quiz can no longer be attached, opened or answered; the answers given stay in the reports (ADR 0060). */
@CommandHandler(DeleteQuizCommand)
export class DeleteQuizHandler implements ICommandHandler<DeleteQuizCommand> {
  constructor(@Inject(QuizStore) private readonly quizzes: QuizStore) {}

  async execute({ quizId, context }: DeleteQuizCommand): Promise<CommandOutcome<void>> {
    const checkpoint = await this.quizzes.change(quizId, (now, by) => ({ type: 'DeleteQuiz', data: { now, by } }), context);
    return { value: undefined, checkpoint };
  }
}
