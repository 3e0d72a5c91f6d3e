import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '@portal/platform';
import { ProgressTracker, type TrackResult } from '../shared/progress-tracker.js';
import { TrackProgressCommand } from './track-progress.command.js';

/** Runs the report through the progress tracker (access, lock, decider) and answers what it changed. */
@CommandHandler(TrackProgressCommand)
export class TrackProgressHandler implements ICommandHandler<TrackProgressCommand> {
  constructor(@Inject(ProgressTracker) private readonly tracker: ProgressTracker) {}

  async execute({ principal, action, context }: TrackProgressCommand): Promise<CommandOutcome<TrackResult>> {
    const { value, checkpoint } = await this.tracker.track(principal, action, context);
    return { value, checkpoint };
  }
}
