import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { actorOf } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findScormState } from '@portal/projection-progress';
import { CatalogueService } from '../shared/catalogue.service.js';
import { LearnerReader } from '../shared/learner-reader.js';
import { requireScormEntry, scormProgressFromRow, type ScormProgress } from '../shared/scorm.js';
import { GetScormProgressQuery } from './get-scorm-progress.query.js';

@QueryHandler(GetScormProgressQuery)
export class GetScormProgressHandler implements IQueryHandler<GetScormProgressQuery> {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  async execute({ principal, scormId, request }: GetScormProgressQuery): Promise<ScormProgress> {
    await waitForReads(this.projections, request, ['progress']);
    const { station, entry } = requireScormEntry(await this.catalogue.model(), principal, scormId);
    const view = await this.reader.view(principal);
    const row = await findScormState(this.projections.reader('progress'), actorOf(principal), entry.entryId);
    return scormProgressFromRow(entry, station.stationId, row, view.entryStates.get(entry.entryId)?.completedAt ?? null);
  }
}
