import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { answersTrendQuerySchema, type AnswersTrend } from '../../contracts/index.js';
import { GetAnswersTrendQuery } from './get-answers-trend.query.js';

@Controller('reports/answers/trend')
export class GetAnswersTrendController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope. */
  @Get()
  @Authorized()
  trend(@ZodQuery(answersTrendQuerySchema) q: z.infer<typeof answersTrendQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<AnswersTrend> {
    return this.queries.execute(new GetAnswersTrendQuery(requireUser(req.principal), q, req));
  }
}
