import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { StationDetail } from '../../contracts/index.js';
import { requireStation } from '../shared/access.js';
import { LEARNER_READS, LearnerReader } from '../shared/learner-reader.js';
import { GetStationQuery } from './get-station.query.js';

@QueryHandler(GetStationQuery)
export class GetStationHandler implements IQueryHandler<GetStationQuery> {
  constructor(
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, stationId, request }: GetStationQuery): Promise<StationDetail> {
    await waitForReads(this.projections, request, LEARNER_READS);
    const view = await this.reader.view(principal);
    requireStation(view.model, principal, stationId);
    return view.detail(stationId);
  }
}
