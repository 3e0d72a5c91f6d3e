import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { actorOf } from '@portal/kernel';
import { PROJECTIONS, waitForReads } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { findScormState } from '@portal/projection-progress';
import { CatalogueService } from '../shared/catalogue.service.js';
import { LEARNER_READS, LearnerReader } from '../shared/learner-reader.js';
import { requireScormEntry, scormProgressFromRow, type ScormContent } from '../shared/scorm.js';
import { ScormAttempts } from '../shared/scorm-attempts.js';
import { ScormPackages } from '../shared/scorm-packages.js';
import { entrySrcUrl } from '../shared/views.js';
import { GetScormContentQuery } from './get-scorm-content.query.js';

@QueryHandler(GetScormContentQuery)
export class GetScormContentHandler implements IQueryHandler<GetScormContentQuery> {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(LearnerReader) private readonly reader: LearnerReader,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
    @Inject(ScormPackages) private readonly packages: ScormPackages,
    @Inject(ScormAttempts) private readonly attempts: ScormAttempts,
  ) {}

  async execute({ principal, scormId, request, lang }: GetScormContentQuery): Promise<ScormContent> {
    // the catalogue too: the revision the attempt plays, and a course just published (issue 27)
    await waitForReads(this.projections, request, LEARNER_READS);
    const { station, entry } = requireScormEntry(await this.catalogue.model(), principal, scormId);
    const row = await findScormState(this.projections.reader('progress'), actorOf(principal), entry.entryId);
    // an attempt begun plays the revision it began on; one not begun, the live revision (issue 27)
    const played = await this.attempts.played(station, entry, row?.revision ?? null);
    const view = await this.reader.view(principal);
    const progress = scormProgressFromRow(played.entry, station.stationId, row, view.entryStates.get(entry.entryId)?.completedAt ?? null);
    return {
      scormId: entry.entryId,
      version: played.version,
      cmi: row?.cmi ?? {},
      savedAt: row?.savedAt ?? null,
      progress,
      package: this.packages.packageOf(played.station, played.entry, lang),
      scos: row?.scos ?? {},
      currentScoId: row?.currentScoId ?? null,
      sequencing: row?.sequencing ?? null,
      revision: played.revision,
      launchUrl: entrySrcUrl(played.entry, lang, played.station.mediaHashes) ?? entrySrcUrl(played.entry, 'pt-BR', played.station.mediaHashes),
    };
  }
}
