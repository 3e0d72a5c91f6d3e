import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import { CatalogueService } from '../shared/catalogue.service.js';
import { ProgressTracker } from '../shared/progress-tracker.js';
import { requireScormEntry, scormProgressFromState, type ScormContent } from '../shared/scorm.js';
import { ScormAttempts, type PlayedRevision } from '../shared/scorm-attempts.js';
import { SaveScormContentCommand } from './save-scorm-content.command.js';

/** Saves the run-time data through the progress tracker (completion is detected from the cmi status) and answers it back. */
@CommandHandler(SaveScormContentCommand)
export class SaveScormContentHandler implements ICommandHandler<SaveScormContentCommand> {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(ProgressTracker) private readonly tracker: ProgressTracker,
    @Inject(ScormAttempts) private readonly attempts: ScormAttempts,
  ) {}

  async execute({ principal, scormId, cmi, context, sco }: SaveScormContentCommand): Promise<CommandOutcome<ScormContent>> {
    const { station, entry } = requireScormEntry(await this.catalogue.model(), principal, scormId);
    const { revision: asked, ...rest } = sco;
    // the commit is of the revision the player was given, else of the attempt's, else the live one
    // (issue 27); a package of several SCOs names its SCO, one of that revision's manifest
    let played: PlayedRevision | null = null;
    const { state, checkpoint } = await this.tracker.track(
      principal,
      {
        kind: 'scorm-state',
        entryId: entry.entryId,
        cmi,
        ...rest,
        played: async (pinned) => {
          played = await this.attempts.played(station, entry, asked ?? pinned, asked !== undefined);
          return played;
        },
      },
      context,
    );
    played ??= await this.attempts.played(station, entry, asked ?? state.entries[entry.entryId]?.scorm?.revision, asked !== undefined);
    const p = state.entries[entry.entryId];
    const s = p?.scorm;
    return {
      value: {
        scormId: entry.entryId,
        version: played.version,
        cmi: s?.cmi ?? {},
        savedAt: s?.savedAt ?? null,
        progress: { ...scormProgressFromState(entry, station.stationId, p), version: played.version },
        package: null,
        scos: s?.scos ?? {},
        currentScoId: s?.currentScoId ?? null,
        sequencing: s?.sequencing ?? null,
        revision: s?.revision ?? played.revision,
        launchUrl: null,
      },
      checkpoint,
    };
  }
}
