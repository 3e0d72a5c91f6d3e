import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authorized, CurrentRequest, requireUser, ZodQuery, type PortalRequest } from '@portal/platform';
import { podcastDownloadsReportQuerySchema, type PodcastDownloadsReportPage, type PodcastDownloadsReportQuery } from '../../contracts/index.js';
import { GetPodcastDownloadsReportQuery } from './get-podcast-downloads-report.query.js';

@Controller('reports/podcast-downloads')
export class GetPodcastDownloadsReportController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Signed-in users; the handler applies the report scope (403 outside it, 404 for another company). */
  @Get()
  @Authorized()
  page(@ZodQuery(podcastDownloadsReportQuerySchema) q: PodcastDownloadsReportQuery, @CurrentRequest() req: PortalRequest): Promise<PodcastDownloadsReportPage> {
    return this.queries.execute(new GetPodcastDownloadsReportQuery(requireUser(req.principal), q, req));
  }
}
