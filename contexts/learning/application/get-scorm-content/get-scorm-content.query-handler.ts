import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { actorOf } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findScormState } from '@portal/projection-progress';
import { CatalogueService } from '../shared/catalogue.service.js';
import { LearnerReader } from '../shared/learner-reader.js';
import { requireScormEntry, scormProgressFromRow, type ScormContent } from '../shared/scorm.js';
import { ScormPackages } from '../shared/scorm-packages.js';
import { GetScormContentQuery } from './get-scorm-content.query.js';

@QueryHandler(GetScormContentQuery)
export class GetScormContentHandler implements IQueryHandler<GetScormContentQuery> {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(ScormPackages) private readonly packages: ScormPackages,
  ) {}

  async execute({ principal, scormId, request, lang }: GetScormContentQuery): Promise<ScormContent> {
    await waitForReads(this.projections, request, ['progress']);
    const { station, entry } = requireScormEntry(await this.catalogue.model(), principal, scormId);
    const row = await findScormState(this.projections.reader('progress'), actorOf(principal), entry.entryId);
    const view = await this.reader.view(principal);
    return {
      scormId: entry.entryId,
      version: entry.scormVersion ?? '1.2',
      cmi: row?.cmi ?? {},
      savedAt: row?.savedAt ?? null,
      progress: scormProgressFromRow(entry, station.stationId, row, view.entryStates.get(entry.entryId)?.completedAt ?? null),
      package: this.packages.packageOf(station, entry, lang),
      scos: row?.scos ?? {},
      currentScoId: row?.currentScoId ?? null,
      sequencing: row?.sequencing ?? null,
    };
  }
}
