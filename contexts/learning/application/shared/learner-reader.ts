import { Inject, Injectable } from '@nestjs/common';
import { actorOf, type Principal } from '@portal/kernel';
import type { Checkpoint } from '@portal/eventstore';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { loadLearnerProgress } from '@portal/projection-progress';
import { CatalogueService } from './catalogue.service.js';
import { waitForPosition } from './reads.js';
import { LearnerView } from './views.js';

/** The catalogue plus one learner's progress, read after the caller's last write (x-min-position). */
@Injectable()
export class LearnerReader {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async view(principal: Principal, min: Checkpoint | null): Promise<LearnerView> {
    if (min) await waitForPosition(this.projections, ['catalogue', 'progress'], min);
    const [model, progress] = await Promise.all([this.catalogue.model(), loadLearnerProgress(this.projections.reader('progress'), actorOf(principal))]);
    return new LearnerView(model, principal, progress);
  }
}
