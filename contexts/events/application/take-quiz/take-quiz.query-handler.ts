import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { requireUser } from '@portal/platform';
import type { QuizToTake } from '../../contracts/index.js';
import { questionsFor } from '../../domain/index.js';
import { ScheduledEventWriter } from '../shared/event-writer.js';
import { QuizStore } from '../shared/quiz-store.js';
import { TakeQuizQuery } from './take-quiz.query.js';

/**
 * The quiz on an attendee's phone: the questions of their language, without what is right or
 * what it scores (ADR 0041's rule). Only the event's enrolled attendees see it (404 otherwise);
 * whether it is open now and answered already come with it. Read from the streams the answer is
 * decided on.
 */
@QueryHandler(TakeQuizQuery)
export class TakeQuizHandler implements IQueryHandler<TakeQuizQuery> {
  constructor(
    @Inject(ScheduledEventWriter) private readonly writer: ScheduledEventWriter,
    @Inject(QuizStore) private readonly quizzes: QuizStore,
  ) {}

  async execute({ eventId, quizId, lang, req }: TakeQuizQuery): Promise<QuizToTake> {
    const user = requireUser(req.principal);
    const state = await this.writer.load(eventId);
    if (!state || state.attendees.get(user.userId)?.status !== 'enrolled') throw new AppError('404');
    const attached = state.quizzes.get(quizId);
    if (!attached) throw new AppError('quiz-not-attached');
    const quiz = await this.quizzes.active(quizId);
    return {
      eventId,
      quizId,
      title: quiz.title,
      description: quiz.description,
      lang,
      opensAt: attached.window?.opensAt ?? null,
      closesAt: attached.window?.closesAt ?? null,
      answered: attached.answeredBy.has(user.userId),
      questions: questionsFor(quiz, lang).map((q) => ({
        questionId: q.questionId,
        type: q.type,
        description: q.description,
        alternatives: q.alternatives.map((a) => ({ alternativeId: a.alternativeId, description: a.description, prefix: a.prefix })),
      })),
    };
  }
}
