import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { StationSummary } from '../../contracts/index.js';
import { JOURNEY_GROUPS, journeys } from '../shared/journeys.js';
import { LEARNER_READS, LearnerReader } from '../shared/learner-reader.js';
import { GetJourneyListQuery } from './get-journey-list.query.js';

@QueryHandler(GetJourneyListQuery)
export class GetJourneyListHandler implements IQueryHandler<GetJourneyListQuery> {
  constructor(
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, playlist, request }: GetJourneyListQuery): Promise<StationSummary[]> {
    await waitForReads(this.projections, request, LEARNER_READS);
    const view = await this.reader.view(principal);
    return journeys(view, principal)
      .filter((s) => (JOURNEY_GROUPS as readonly string[]).includes(s.displayCategory))
      .map((s) => view.summary(s.stationId))
      .filter((s) => playlist === 'all' || s.progress.status === playlist);
  }
}
