import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { answersReportQuerySchema, type AnswersReportPage, type AnswersReportQuery } from '../../contracts/index.js';
import { GetAnswersReportQuery } from './get-answers-report.query.js';

@Controller('reports/answers')
export class GetAnswersReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope (403 outside it, 404 for another company). */
  @Get()
  @Authorized()
  page(@ZodQuery(answersReportQuerySchema) q: AnswersReportQuery, @CurrentRequest() req: PortalRequest): Promise<AnswersReportPage> {
    return this.queries.execute(new GetAnswersReportQuery(requireUser(req.principal), q, req));
  }
}
