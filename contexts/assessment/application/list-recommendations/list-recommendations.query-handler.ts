import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { RecommendationsService } from '../shared/recommendations.service.js';
import { ListRecommendationsQuery } from './list-recommendations.query.js';

@QueryHandler(ListRecommendationsQuery)
export class ListRecommendationsHandler implements IQueryHandler<ListRecommendationsQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(RecommendationsService) private readonly recommendations: RecommendationsService,
  ) {}

  async execute({ user, request }: ListRecommendationsQuery) {
    await waitForReads(this.projections, request, ['recommendations']);
    return this.recommendations.list(user.userId);
  }
}
