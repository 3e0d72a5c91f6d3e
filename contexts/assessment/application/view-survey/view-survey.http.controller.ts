import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentRequest, GuestOrUser, ZodParams, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { surveyParamsSchema } from '../../contracts/index.js';
import { ViewSurveyQuery } from './view-survey.query.js';

/**
 * 000 §7 GET /survey/{country}/{surveyPath} (000 §2.1 /public/survey/:country/:detail): guests with
 * x-guest-id, or signed-in users (bearer; any registration state, 000 §6).
 */
@Controller('survey')
export class ViewSurveyController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':country/:surveyPath')
  @GuestOrUser()
  view(@ZodParams(surveyParamsSchema) p: z.infer<typeof surveyParamsSchema>, @CurrentRequest() req: PortalRequest) {
    return this.queries.execute(new ViewSurveyQuery(p.country, p.surveyPath, req));
  }
}
