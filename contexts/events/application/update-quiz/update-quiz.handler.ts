import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import type { Quiz } from '../../contracts/index.js';
import { QuizStore, toQuizDefinition } from '../shared/quiz-store.js';
import { UpdateQuizCommand } from './update-quiz.command.js';

/** The whole quiz after the change; answers already given keep the score they were given. */
@CommandHandler(UpdateQuizCommand)
export class UpdateQuizHandler implements ICommandHandler<UpdateQuizCommand> {
  constructor(@Inject(QuizStore) private readonly quizzes: QuizStore) {}

  async execute({ quizId, input, context }: UpdateQuizCommand): Promise<CommandOutcome<Quiz>> {
    const checkpoint = await this.quizzes.change(quizId, (now, by) => ({ type: 'UpdateQuiz', data: { definition: toQuizDefinition(input), now, by } }), context);
    return { value: await this.quizzes.viewAfter(quizId, checkpoint), checkpoint };
  }
}
