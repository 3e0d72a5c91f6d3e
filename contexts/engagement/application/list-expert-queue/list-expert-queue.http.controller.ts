import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { expertQueueQuerySchema, type ExpertQueue, type ExpertQueueQuery } from '../../contracts/index.js';
import { ASKING_ROLES } from '../shared/expert-access.js';
import { ListExpertQueueQuery } from './list-expert-queue.query.js';

@Controller('expert/queue')
export class ListExpertQueueController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Users assigned to at least one theme (the handler checks; others get 403 expert-not-assigned). */
  @Get()
  @Authorized({ roles: ASKING_ROLES })
  list(@ZodQuery(expertQueueQuerySchema) q: ExpertQueueQuery, @CurrentRequest() req: PortalRequest): Promise<ExpertQueue> {
    return this.queries.execute(new ListExpertQueueQuery(requireUser(req.principal).userId, q, req));
  }
}
