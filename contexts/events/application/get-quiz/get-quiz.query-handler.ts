import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findQuiz } from '@portal/projection-events-quizzes';
import type { Quiz } from '../../contracts/index.js';
import { QUIZZES } from '../shared/event-reads.js';
import { GetQuizQuery } from './get-quiz.query.js';

@QueryHandler(GetQuizQuery)
export class GetQuizHandler implements IQueryHandler<GetQuizQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ quizId, req }: GetQuizQuery): Promise<Quiz> {
    await waitForReads(this.projections, req, [QUIZZES]);
    const quiz = await findQuiz(this.projections.reader(QUIZZES), quizId);
    if (!quiz) throw new AppError('404');
    return quiz;
  }
}
