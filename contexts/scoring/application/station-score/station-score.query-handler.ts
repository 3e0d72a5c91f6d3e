import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { CATALOGUE, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { stationScores } from '@portal/projection-scores';
import { StationScoreQuery } from './station-score.query.js';
import { type CatalogueReader, rootOf } from '@portal/learning/contracts';

/** An unknown station is 404. */
@QueryHandler(StationScoreQuery)
export class StationScoreHandler implements IQueryHandler<StationScoreQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,) {}

  async execute({ userId, stationId, request }: StationScoreQuery) {
    await waitForReads(this.projections, request, ['scores']);
    const cat = await this.catalogue.model();
    const root = rootOf(cat, stationId);
    if (!root) throw new AppError('404');
    const scores = await stationScores(this.projections.reader('scores'), userId, stationId, root.stationId);
    return { stationId, cropId: root.stationId, ...scores };
  }
}
