import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newId } from '@portal/kernel';
import type { CommandOutcome } from '@portal/platform';
import type { Quiz } from '../../contracts/index.js';
import { QuizStore, toQuizDefinition } from '../shared/quiz-store.js';
import { CreateQuizCommand } from './create-quiz.command.js';

@CommandHandler(CreateQuizCommand)
export class CreateQuizHandler implements ICommandHandler<CreateQuizCommand> {
  constructor(@Inject(QuizStore) private readonly quizzes: QuizStore) {}

  async execute({ input, context }: CreateQuizCommand): Promise<CommandOutcome<Quiz>> {
    const quizId = newId();
    const checkpoint = await this.quizzes.change(quizId, (now, by) => ({ type: 'CreateQuiz', data: { quizId, definition: toQuizDefinition(input), now, by } }), context);
    return { value: await this.quizzes.viewAfter(quizId, checkpoint), checkpoint };
  }
}
