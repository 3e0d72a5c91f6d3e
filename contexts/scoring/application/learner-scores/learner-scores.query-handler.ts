import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CATALOGUE, PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { learnerScores } from '@portal/projection-scores';
import { LearnerScoresQuery } from './learner-scores.query.js';
import { type CatalogueReader } from '@portal/learning/contracts';

/** Per crop (in the catalogue's listing order) and in total. */
@QueryHandler(LearnerScoresQuery)
export class LearnerScoresHandler implements IQueryHandler<LearnerScoresQuery> {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(CATALOGUE) private readonly catalogue: CatalogueReader,) {}

  async execute({ userId, request }: LearnerScoresQuery) {
    await waitForReads(this.projections, request, ['scores']);
    const [scores, cat] = await Promise.all([learnerScores(this.projections.reader('scores'), userId), this.catalogue.model()]);
    return {
      total: scores.total,
      crops: scores.crops
        .map((c) => ({ cropId: c.cropId, title: cat.stations.get(c.cropId)?.title ?? null, ...c.detail }))
        .sort((a, b) => (cat.stations.get(a.cropId)?.listingOrder ?? 0) - (cat.stations.get(b.cropId)?.listingOrder ?? 0) || a.cropId.localeCompare(b.cropId)),
    };
  }
}
