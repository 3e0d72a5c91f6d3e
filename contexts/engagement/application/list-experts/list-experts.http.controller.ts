import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { expertAssignmentsQuerySchema, type ExpertAssignment } from '../../contracts/index.js';
import { ListExpertsQuery } from './list-experts.query.js';

@Controller('expert/experts')
export class ListExpertsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Reference-data administrators: manage_all_companies. */
  @Get()
  @Authorized({ permissions: ['manage_all_companies'] })
  list(@ZodQuery(expertAssignmentsQuerySchema) q: z.infer<typeof expertAssignmentsQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<{ experts: ExpertAssignment[] }> {
    return this.queries.execute(new ListExpertsQuery(q.themeId, req));
  }
}
