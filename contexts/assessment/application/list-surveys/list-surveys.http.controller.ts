import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GuestOrUser, ZodParams } from '@portal/platform';
import type { z } from 'zod';
import { surveyCountryParamsSchema } from '../../contracts/index.js';
import { ListSurveysQuery } from './list-surveys.query.js';

/** 000 §7 GET /survey/{country} (000 §2.1 /public/survey/:country): guests with x-guest-id, or signed-in users. */
@Controller('survey')
export class ListSurveysController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':country')
  @GuestOrUser()
  list(@ZodParams(surveyCountryParamsSchema) p: z.infer<typeof surveyCountryParamsSchema>) {
    return this.queries.execute(new ListSurveysQuery(p.country));
  }
}
