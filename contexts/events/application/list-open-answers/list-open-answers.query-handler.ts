import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError, type Locale } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findQuiz } from '@portal/projection-events-quizzes';
import { findScheduledEvent, openAnswersOf } from '@portal/projection-events-scheduled';
import type { OpenAnswers } from '../../contracts/index.js';
import { QUIZZES, SCHEDULED } from '../shared/event-reads.js';
import { ListOpenAnswersQuery } from './list-open-answers.query.js';

/**
 * The open answers of an event's quiz with the question each answers (the quiz as stored, a
 * deleted one too): staff read the text and score it (POST .../answers/:userId/score). Names are
 * the report's (the screen has them); this read stays within the events context's models.
 */
@QueryHandler(ListOpenAnswersQuery)
export class ListOpenAnswersHandler implements IQueryHandler<ListOpenAnswersQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ eventId, quizId, req }: ListOpenAnswersQuery): Promise<OpenAnswers> {
    await waitForReads(this.projections, req, [SCHEDULED, QUIZZES]);
    const event = await findScheduledEvent(this.projections.reader(SCHEDULED), eventId);
    if (!event || !event.quizzes.some((q) => q.quizId === quizId)) throw new AppError('404');
    const quiz = await findQuiz(this.projections.reader(QUIZZES), quizId, true);
    const questions = new Map((quiz?.questions ?? []).map((q) => [q.questionId, q]));
    const answers = await openAnswersOf(this.projections.reader(SCHEDULED), eventId, quizId);
    return {
      eventId,
      quizId,
      items: answers.map((a) => ({
        userId: a.userId,
        email: a.email,
        questionId: a.questionId,
        question: questions.get(a.questionId)?.description ?? '',
        language: (questions.get(a.questionId)?.language ?? a.lang) as Locale,
        text: a.text,
        score: a.score,
        maxScore: a.maxScore,
        answeredAt: a.answeredAt,
      })),
    };
  }
}
