import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listQuizzes } from '@portal/projection-events-quizzes';
import type { QuizList } from '../../contracts/index.js';
import { QUIZZES } from '../shared/event-reads.js';
import { ListQuizzesQuery } from './list-quizzes.query.js';

@QueryHandler(ListQuizzesQuery)
export class ListQuizzesHandler implements IQueryHandler<ListQuizzesQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ req }: ListQuizzesQuery): Promise<QuizList> {
    await waitForReads(this.projections, req, [QUIZZES]);
    return { items: await listQuizzes(this.projections.reader(QUIZZES)) };
  }
}
