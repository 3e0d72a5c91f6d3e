import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { stationScores } from '@portal/projection-scores';
import { loadCatalogue, rootOf } from '@portal/projection-questions';
import { StationScoreQuery } from './station-score.query.js';

/** An unknown station is 404. */
@QueryHandler(StationScoreQuery)
export class StationScoreHandler implements IQueryHandler<StationScoreQuery> {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {}

  async execute({ userId, stationId, request }: StationScoreQuery) {
    await waitForReads(this.projections, request, ['scores']);
    const cat = await loadCatalogue(this.projections.reader('questions'));
    const root = rootOf(cat, stationId);
    if (!root) throw new AppError('404');
    const scores = await stationScores(this.projections.reader('scores'), userId, stationId, root.stationId);
    return { stationId, cropId: root.stationId, ...scores };
  }
}
