import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Clock } from '@portal/kernel';
import { CLOCK, type CommandOutcome } from '@portal/platform';
import type { ScoredAnswer } from '../../contracts/index.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { ScoreOpenAnswerCommand } from './score-open-answer.command.js';

/** Staff score an open answer in the report (ADR 0060): `QuizAnswerScored` on the event's stream, traced like the answer. */
@CommandHandler(ScoreOpenAnswerCommand)
export class ScoreOpenAnswerHandler implements ICommandHandler<ScoreOpenAnswerCommand> {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ eventId, quizId, userId, questionId, score, context }: ScoreOpenAnswerCommand): Promise<CommandOutcome<ScoredAnswer>> {
    const now = this.clock.now().toISOString();
    const outcome = await this.writer.execute(eventId, { type: 'ScoreOpenAnswer', data: { quizId, userId, questionId, score, now, by: context.actor } }, context);
    const maxScore = outcome.state.quizzes.get(quizId)!.openAnswers.get(`${userId}|${questionId}`)!;
    return { value: { eventId, quizId, userId, questionId, score, maxScore }, checkpoint: outcome.result?.checkpoint ?? null };
  }
}
