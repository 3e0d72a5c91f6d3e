import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { z } from 'zod';
import type { journeyHomeSchema } from '../../contracts/index.js';
import { JOURNEY_GROUPS, journeys } from '../shared/journeys.js';
import { LEARNER_READS, LearnerReader } from '../shared/learner-reader.js';
import { GetJourneyQuery } from './get-journey.query.js';

@QueryHandler(GetJourneyQuery)
export class GetJourneyHandler implements IQueryHandler<GetJourneyQuery> {
  constructor(
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, request }: GetJourneyQuery): Promise<z.infer<typeof journeyHomeSchema>> {
    await waitForReads(this.projections, request, LEARNER_READS);
    const view = await this.reader.view(principal);
    const all = journeys(view, principal);
    const group = (category: (typeof JOURNEY_GROUPS)[number]) => all.filter((s) => s.displayCategory === category).map((s) => view.summary(s.stationId));
    const cast = all.find((s) => s.displayCategory === 'cast');
    return { trails: group('trails'), competence: group('competence'), library: group('library'), ctbCast: cast ? view.summary(cast.stationId) : null };
  }
}
