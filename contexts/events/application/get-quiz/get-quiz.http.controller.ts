import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodParams, type PortalRequest } from '@portal/platform';
import { quizIdParamsSchema, type Quiz } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { GetQuizQuery } from './get-quiz.query.js';

/** The quiz editor's quiz: tc_admin and tc_manager. */
@Controller('quiz')
export class GetQuizController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id')
  @EventsArea('staff')
  get(@ZodParams(quizIdParamsSchema) params: { id: string }, @CurrentRequest() req: PortalRequest): Promise<Quiz> {
    return this.queries.execute(new GetQuizQuery(params.id, req));
  }
}
