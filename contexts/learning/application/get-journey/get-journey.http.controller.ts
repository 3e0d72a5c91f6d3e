import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { journeyHomeSchema } from '../../contracts/index.js';
import { requireActivePrincipal } from '../shared/access.js';
import { GetJourneyQuery } from './get-journey.query.js';

/** GET /journey: trails, competence and library groups and the CTB cast (000 §2.6). */
@Controller()
export class GetJourneyController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('journey')
  @Authorized()
  journey(@CurrentRequest() req: PortalRequest): Promise<z.infer<typeof journeyHomeSchema>> {
    return this.queries.execute(new GetJourneyQuery(requireActivePrincipal(req.principal), req));
  }
}
