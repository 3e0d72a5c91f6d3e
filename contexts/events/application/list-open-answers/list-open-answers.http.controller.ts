import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodParams, type PortalRequest } from '@portal/platform';
import { eventQuizParamsSchema, type OpenAnswers } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { ListOpenAnswersQuery } from './list-open-answers.query.js';

/** The open answers of an event's quiz, to read and score (ADR 0062): tc_admin and tc_manager. */
@Controller('scheduledEvents')
export class ListOpenAnswersController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id/quiz/:quizId/answers')
  @EventsArea('staff')
  list(@ZodParams(eventQuizParamsSchema) params: { id: string; quizId: string }, @CurrentRequest() req: PortalRequest): Promise<OpenAnswers> {
    return this.queries.execute(new ListOpenAnswersQuery(params.id, params.quizId, req));
  }
}
