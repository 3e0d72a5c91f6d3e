import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import { CatalogueService } from '../shared/catalogue.service.js';
import { ProgressTracker } from '../shared/progress-tracker.js';
import { requireScormEntry, scormProgressFromState, type ScormContent } from '../shared/scorm.js';
import { SaveScormContentCommand } from './save-scorm-content.command.js';

/** Saves the run-time data through the progress tracker (completion is detected from the cmi status) and answers it back. */
@CommandHandler(SaveScormContentCommand)
export class SaveScormContentHandler implements ICommandHandler<SaveScormContentCommand> {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(ProgressTracker) private readonly tracker: ProgressTracker,
  ) {}

  async execute({ principal, scormId, cmi, context }: SaveScormContentCommand): Promise<CommandOutcome<ScormContent>> {
    const { station, entry } = requireScormEntry(await this.catalogue.model(), principal, scormId);
    const { state, checkpoint } = await this.tracker.track(principal, { kind: 'scorm-state', entryId: entry.entryId, cmi }, context);
    const p = state.entries[entry.entryId];
    return {
      value: { scormId: entry.entryId, version: entry.scormVersion ?? '1.2', cmi: p?.scorm?.cmi ?? {}, savedAt: p?.scorm?.savedAt ?? null, progress: scormProgressFromState(entry, station.stationId, p) },
      checkpoint,
    };
  }
}
