import { Inject, Injectable } from '@nestjs/common';
import { actorOf, type Principal } from '@portal/kernel';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { loadLearnerProgress } from '@portal/projection-progress';
import { CatalogueService } from './catalogue.service.js';
import { LearnerView } from './views.js';

/** The read models a learner view is built from: queries wait for them with waitForReads first. */
export const LEARNER_READS = ['catalogue', 'progress'] as const;

/** The catalogue plus one learner's progress (call waitForReads(LEARNER_READS) before, for read-your-writes). */
@Injectable()
export class LearnerReader {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async view(principal: Principal): Promise<LearnerView> {
    const [model, progress] = await Promise.all([this.catalogue.model(), loadLearnerProgress(this.projections.reader('progress'), actorOf(principal))]);
    return new LearnerView(model, principal, progress);
  }
}
