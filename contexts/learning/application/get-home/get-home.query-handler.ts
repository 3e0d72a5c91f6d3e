import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { Home } from '../../contracts/index.js';
import { FEED_READS, LearnerFeeds } from '../shared/learner-feeds.js';
import { GetHomeQuery } from './get-home.query.js';

@QueryHandler(GetHomeQuery)
export class GetHomeHandler implements IQueryHandler<GetHomeQuery> {
  constructor(
    @Inject(LearnerFeeds) private readonly feeds: LearnerFeeds,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, options, request }: GetHomeQuery): Promise<Home> {
    await waitForReads(this.projections, request, FEED_READS);
    return this.feeds.home(principal, options);
  }
}
