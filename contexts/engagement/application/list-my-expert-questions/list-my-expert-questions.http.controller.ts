import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DEFAULT_LOCALE } from '@portal/kernel';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { expertLangQuerySchema, type MyExpertQuestions } from '../../contracts/index.js';
import { ASKING_ROLES } from '../shared/expert-access.js';
import { ListMyExpertQuestionsQuery } from './list-my-expert-questions.query.js';

@Controller('expert/questions')
export class ListMyExpertQuestionsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** The learner's own questions only: no id is taken from the request. */
  @Get()
  @Authorized({ roles: ASKING_ROLES })
  list(@ZodQuery(expertLangQuerySchema) q: z.infer<typeof expertLangQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<MyExpertQuestions> {
    return this.queries.execute(new ListMyExpertQuestionsQuery(requireUser(req.principal), q.lang ?? DEFAULT_LOCALE, req));
  }
}
