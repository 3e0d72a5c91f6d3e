import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodParams, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { scormIdParamsSchema } from '../../contracts/index.js';
import { requireScormUser, type ScormProgress } from '../shared/scorm.js';
import { GetScormProgressQuery } from './get-scorm-progress.query.js';

/** GET /scorms/progress/:scormId (000 §7). */
@Controller()
export class GetScormProgressController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('scorms/progress/:scormId')
  @Authorized()
  progress(@ZodParams(scormIdParamsSchema) params: z.infer<typeof scormIdParamsSchema>, @CurrentRequest() req: PortalRequest): Promise<ScormProgress> {
    return this.queries.execute(new GetScormProgressQuery(requireScormUser(req), params.scormId, req));
  }
}
