import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { routeAreaOf, type StationSummary } from '../../contracts/index.js';
import { visibleStations } from '../shared/access.js';
import { LEARNER_READS, LearnerReader } from '../shared/learner-reader.js';
import { ListStationsQuery } from './list-stations.query.js';

@QueryHandler(ListStationsQuery)
export class ListStationsHandler implements IQueryHandler<ListStationsQuery> {
  constructor(
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, filter, request }: ListStationsQuery): Promise<StationSummary[]> {
    await waitForReads(this.projections, request, LEARNER_READS);
    const view = await this.reader.view(principal);
    return visibleStations(view.model, principal)
      .filter((s) => !filter.area || s.areas.includes(filter.area))
      .filter((s) => !filter.routeArea || routeAreaOf(view.model, s.stationId) === filter.routeArea)
      .map((s) => view.summary(s.stationId));
  }
}
