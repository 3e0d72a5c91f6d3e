import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import type { z } from 'zod';
import { routeAreaOf, type trainingHomeSchema } from '../../contracts/index.js';
import { certificatesOf } from '../shared/crop-certificates.js';
import { visibleStations } from '../shared/access.js';
import { LEARNER_READS, LearnerReader } from '../shared/learner-reader.js';
import { GetTrainingQuery } from './get-training.query.js';

@QueryHandler(GetTrainingQuery)
export class GetTrainingHandler implements IQueryHandler<GetTrainingQuery> {
  constructor(
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, request }: GetTrainingQuery): Promise<z.infer<typeof trainingHomeSchema>> {
    await waitForReads(this.projections, request, LEARNER_READS);
    const view = await this.reader.view(principal);
    const crops = visibleStations(view.model, principal).filter((s) => !s.parent && routeAreaOf(view.model, s.stationId) === 'training');
    return { crops: crops.map((s) => ({ ...view.summary(s.stationId), certificates: certificatesOf(view.model, view.facts, s.stationId) })) };
  }
}
