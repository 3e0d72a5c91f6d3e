import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { expertQuestionsReportQuerySchema, type ExpertQuestionsReportPage, type ExpertQuestionsReportQuery } from '../../contracts/index.js';
import { GetExpertQuestionsReportQuery } from './get-expert-questions-report.query.js';

@Controller('reports/expert-questions')
export class GetExpertQuestionsReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope (403 outside it, 404 for another company). */
  @Get()
  @Authorized()
  page(@ZodQuery(expertQuestionsReportQuerySchema) q: ExpertQuestionsReportQuery, @CurrentRequest() req: PortalRequest): Promise<ExpertQuestionsReportPage> {
    return this.queries.execute(new GetExpertQuestionsReportQuery(requireUser(req.principal), q, req));
  }
}
