import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { learningQuerySchema } from '../../contracts/index.js';
import { AdaptiveLearningQuery } from './adaptive-learning.query.js';

/** 000 §7 GET /adaptive/learning?stationId&questionId: serves /learning and /learning/questions (honours x-min-position). */
@Controller('adaptive')
export class AdaptiveLearningController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('learning')
  @Authorized()
  learning(@ZodQuery(learningQuerySchema) q: z.infer<typeof learningQuerySchema>, @CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new AdaptiveLearningQuery(requireUser(req.principal), q.stationId, q.questionId, req));
  }
}
