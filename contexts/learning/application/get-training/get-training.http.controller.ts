import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import type { trainingHomeSchema } from '../../contracts/index.js';
import { requireActivePrincipal } from '../shared/access.js';
import { GetTrainingQuery } from './get-training.query.js';

/** GET /training: the crops with progress and certificate status. */
@Controller()
export class GetTrainingController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('training')
  @Authorized()
  training(@CurrentRequest() req: PortalRequest): Promise<z.infer<typeof trainingHomeSchema>> {
    return this.queries.execute(new GetTrainingQuery(requireActivePrincipal(req.principal), req));
  }
}
