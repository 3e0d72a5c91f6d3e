import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { FeedPage } from '../../contracts/index.js';
import { FEED_READS, LearnerFeeds } from '../shared/learner-feeds.js';
import { GetFeedQuery } from './get-feed.query.js';

@QueryHandler(GetFeedQuery)
export class GetFeedHandler implements IQueryHandler<GetFeedQuery> {
  constructor(
    @Inject(LearnerFeeds) private readonly feeds: LearnerFeeds,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, playlist, options, request }: GetFeedQuery): Promise<FeedPage> {
    await waitForReads(this.projections, request, FEED_READS);
    return this.feeds.playlist(principal, playlist, options);
  }
}
