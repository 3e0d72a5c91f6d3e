import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { feedParamsSchema, feedQuerySchema, type FeedPage } from '../../contracts/index.js';
import { GetFeedQuery } from './get-feed.query.js';

/** GET /feed/:playlist (000 §4.12). */
@Controller()
export class GetFeedController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('feed/:playlist')
  @Authorized()
  feed(@ZodParams(feedParamsSchema) params: z.infer<typeof feedParamsSchema>, @ZodQuery(feedQuerySchema) query: z.infer<typeof feedQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<FeedPage> {
    return this.queries.execute(new GetFeedQuery(requireUser(req.principal), params.playlist, query, req));
  }
}
