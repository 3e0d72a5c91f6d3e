import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import { CatalogueService } from '../shared/catalogue.service.js';
import { ProgressTracker } from '../shared/progress-tracker.js';
import { requireScormEntry, scormProgressFromState, type ScormContent } from '../shared/scorm.js';
import { ScormPackages } from '../shared/scorm-packages.js';
import { SaveScormContentCommand } from './save-scorm-content.command.js';

/** Saves the run-time data through the progress tracker (completion is detected from the cmi status) and answers it back. */
@CommandHandler(SaveScormContentCommand)
export class SaveScormContentHandler implements ICommandHandler<SaveScormContentCommand> {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(ProgressTracker) private readonly tracker: ProgressTracker,
    @Inject(ScormPackages) private readonly packages: ScormPackages,
  ) {}

  async execute({ principal, scormId, cmi, context, sco }: SaveScormContentCommand): Promise<CommandOutcome<ScormContent>> {
    const { station, entry } = requireScormEntry(await this.catalogue.model(), principal, scormId);
    // a package of several SCOs: the commit names its SCO, which must be one of the manifest's
    const scoIds = this.packages.scoIdsOf(station, entry);
    const { state, checkpoint } = await this.tracker.track(principal, { kind: 'scorm-state', entryId: entry.entryId, cmi, ...(scoIds.length > 1 ? { scoIds } : {}), ...sco }, context);
    const p = state.entries[entry.entryId];
    const s = p?.scorm;
    return {
      value: {
        scormId: entry.entryId,
        version: entry.scormVersion ?? '1.2',
        cmi: s?.cmi ?? {},
        savedAt: s?.savedAt ?? null,
        progress: scormProgressFromState(entry, station.stationId, p),
        package: null,
        scos: s?.scos ?? {},
        currentScoId: s?.currentScoId ?? null,
        sequencing: s?.sequencing ?? null,
      },
      checkpoint,
    };
  }
}
