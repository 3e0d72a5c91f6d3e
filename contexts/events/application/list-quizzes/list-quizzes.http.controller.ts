import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, type PortalRequest } from '@portal/platform';
import type { QuizList } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ListQuizzesQuery } from './list-quizzes.query.js';

/** The quiz list: tc_admin and tc_manager. */
@Controller('quiz')
export class ListQuizzesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  @EventsArea('staff')
  list(@CurrentRequest() req: PortalRequest): Promise<QuizList> {
    return this.queries.execute(new ListQuizzesQuery(req));
  }
}
