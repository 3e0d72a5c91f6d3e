import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import { CLOCK, type CommandOutcome } from '@portal/platform';
import type { QuizResult } from '../../contracts/index.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { QuizStore } from '../shared/quiz-store.js';
import { AnswerQuizCommand } from './answer-quiz.command.js';

/**
 * An attendee who checked in answers an event's quiz once, inside its window; the server scores
 * the alternatives and keeps open answers for staff. QuizAnswered on the event's stream is what
 * the auditor traces (actor, request, hash chain), like learning's answers.
 */
@CommandHandler(AnswerQuizCommand)
export class AnswerQuizHandler implements ICommandHandler<AnswerQuizCommand> {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(QuizStore) private readonly quizzes: QuizStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ eventId, quizId, userId, lang, answers, context }: AnswerQuizCommand): Promise<CommandOutcome<QuizResult>> {
    const quiz = await this.quizzes.active(quizId);
    const now = this.clock.now().toISOString();
    const outcome = await this.writer.execute(eventId, { type: 'AnswerQuiz', data: { quizId, quiz, userId, lang, answers, now, by: context.actor } }, context);
    const answered = outcome.events.find((e) => e.type === 'QuizAnswered');
    if (answered?.type !== 'QuizAnswered') throw new Error('the answer was not recorded');
    const { score, maxScore, pendingOpen, answeredAt } = answered.data;
    return { value: { eventId, quizId, score, maxScore, pendingOpen, answeredAt }, checkpoint: outcome.result?.checkpoint ?? null };
  }
}
