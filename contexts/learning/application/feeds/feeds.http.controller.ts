import { Controller, Get, Inject } from '@nestjs/common';
import { AppError } from '@portal/kernel';
import { Authorized, CurrentRequest, ZodParams, ZodQuery, type PortalRequest } from '@portal/platform';
import type { z } from 'zod';
import { feedParamsSchema, feedQuerySchema, homeQuerySchema, type FeedPage, type Home } from '../../contracts/index.js';
import { minPositionOf } from '../shared/reads.js';
import { FeedsService } from './feeds.service.js';

/** /home ("My content") and /feed/:playlist (000 §4.12). */
@Controller()
export class FeedsController {
  constructor(@Inject(FeedsService) private readonly feeds: FeedsService) {}

  @Get('feed/:playlist')
  @Authorized()
  feed(@ZodParams(feedParamsSchema) params: z.infer<typeof feedParamsSchema>, @ZodQuery(feedQuerySchema) query: z.infer<typeof feedQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<FeedPage> {
    if (!req.principal) throw new AppError('401');
    return this.feeds.playlist(req.principal, params.playlist, query, minPositionOf(req));
  }

  @Get('home')
  @Authorized()
  home(@ZodQuery(homeQuerySchema) query: z.infer<typeof homeQuerySchema>, @CurrentRequest() req: PortalRequest): Promise<Home> {
    if (!req.principal) throw new AppError('401');
    return this.feeds.home(req.principal, query, minPositionOf(req));
  }
}
