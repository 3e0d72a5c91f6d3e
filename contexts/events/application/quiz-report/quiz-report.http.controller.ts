import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import { quizIdParamsSchema, quizReportQuerySchema, type QuizReport } from '../../contracts/index.js';
import { EventsArea } from '../shared/access.js';
import { QuizReportQuery } from './quiz-report.query.js';

type ReportQuery = ReturnType<typeof quizReportQuerySchema.parse>;

/** 001 §7 GET /reports/quizzes/{id}: tc_admin and tc_manager. */
@Controller('reports/quizzes')
export class QuizReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':id')
  @EventsArea('staff')
  report(@ZodParams(quizIdParamsSchema) params: { id: string }, @ZodQuery(quizReportQuerySchema) query: ReportQuery, @CurrentRequest() req: PortalRequest): Promise<QuizReport> {
    return this.queries.execute(new QuizReportQuery(params.id, query.eventId ?? null, req));
  }
}
