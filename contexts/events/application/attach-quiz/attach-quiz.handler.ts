import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';
import { EventAdmin } from '../shared/event-admin.js';
import { QuizStore } from '../shared/quiz-store.js';
import { AttachQuizCommand } from './attach-quiz.command.js';

/** 001 §7 POST /quiz/event: a quiz that exists (not deleted) on a draft or published event. */
@CommandHandler(AttachQuizCommand)
export class AttachQuizHandler implements ICommandHandler<AttachQuizCommand> {
  constructor(
    @Inject(EventAdmin) private readonly admin: EventAdmin,
    @Inject(QuizStore) private readonly quizzes: QuizStore,
  ) {}

  async execute({ quizId, eventId, context }: AttachQuizCommand): Promise<CommandOutcome<ScheduledEvent>> {
    const quiz = await this.quizzes.active(quizId);
    return this.admin.run(eventId, (now, by) => ({ type: 'AttachQuiz', data: { quizId, title: quiz.title, now, by } }), context);
  }
}
