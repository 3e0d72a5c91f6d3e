import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import { CatalogueService } from '../shared/catalogue.service.js';
import { ProgressTracker } from '../shared/progress-tracker.js';
import { requireScormEntry, scormProgressFromState, type ScormProgress } from '../shared/scorm.js';
import { ScormAttempts } from '../shared/scorm-attempts.js';
import { ReportScormStatusCommand } from './report-scorm-status.command.js';

/** Records the reported status through the progress tracker and answers the entry's SCORM progress after it. */
@CommandHandler(ReportScormStatusCommand)
export class ReportScormStatusHandler implements ICommandHandler<ReportScormStatusCommand> {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(ProgressTracker) private readonly tracker: ProgressTracker,
    @Inject(ScormAttempts) private readonly attempts: ScormAttempts,
  ) {}

  async execute({ principal, input, context }: ReportScormStatusCommand): Promise<CommandOutcome<ScormProgress>> {
    const { station, entry } = requireScormEntry(await this.catalogue.model(), principal, input.scormId);
    // the status is of the attempt's revision (its version), issue 27
    let version = entry.scormVersion ?? '1.2';
    const { state, checkpoint } = await this.tracker.track(
      principal,
      {
        kind: 'scorm-status',
        entryId: entry.entryId,
        status: input.status,
        score: input.score,
        played: async (pinned) => {
          const played = await this.attempts.played(station, entry, pinned);
          version = played.version;
          return played;
        },
      },
      context,
    );
    return { value: { ...scormProgressFromState(entry, station.stationId, state.entries[entry.entryId]), version }, checkpoint };
  }
}
