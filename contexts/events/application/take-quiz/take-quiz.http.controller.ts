import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import { eventQuizParamsSchema, quizLangQuerySchema, type QuizToTake } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { TakeQuizQuery } from './take-quiz.query.js';

type LangQuery = ReturnType<typeof quizLangQuerySchema.parse>;

/** The quiz to answer: signed-in attendees (not the auditor). */
@Controller('scheduledEvents')
export class TakeQuizController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id/quiz/:quizId')
  @EventsArea('attendee')
  take(@ZodParams(eventQuizParamsSchema) params: { id: string; quizId: string }, @ZodQuery(quizLangQuerySchema) query: LangQuery, @CurrentRequest() req: PortalRequest): Promise<QuizToTake> {
    return this.queries.execute(new TakeQuizQuery(params.id, params.quizId, query.lang, req));
  }
}
