import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { listAnswers } from '@portal/projection-answers';
import { answerOf } from '../../contracts/index.js';
import { ListAnswersQuery } from './list-answers.query.js';

@QueryHandler(ListAnswersQuery)
export class ListAnswersHandler implements IQueryHandler<ListAnswersQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ userId, request }: ListAnswersQuery) {
    await waitForReads(this.projections, request, ['answers']);
    return { answers: (await listAnswers(this.projections.reader('answers'), userId)).map(answerOf) };
  }
}
