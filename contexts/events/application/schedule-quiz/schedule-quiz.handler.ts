import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import type { ScheduledEvent } from '../../contracts/index.js';
import { EventAdmin } from '../shared/event-admin.js';
import { QuizStore } from '../shared/quiz-store.js';
import { ScheduleQuizCommand } from './schedule-quiz.command.js';

/** 001 §7 POST /quiz/new-quiz-date: opens an attached quiz for a time window (a new date replaces the old one). */
@CommandHandler(ScheduleQuizCommand)
export class ScheduleQuizHandler implements ICommandHandler<ScheduleQuizCommand> {
  constructor(
    @Inject(EventAdmin) private readonly admin: EventAdmin,
    @Inject(QuizStore) private readonly quizzes: QuizStore,
  ) {}

  async execute({ quizId, eventId, window, context }: ScheduleQuizCommand): Promise<CommandOutcome<ScheduledEvent>> {
    await this.quizzes.active(quizId);
    return this.admin.run(eventId, (now, by) => ({ type: 'ScheduleQuiz', data: { quizId, ...window, now, by } }), context);
  }
}
