import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { TrackAction, TrackResult } from '../shared/progress-tracker.js';

/** A learner's client reports a view, a media state, a station visit or feedback, or an entry tick (000 §4.2, §7). */
export class TrackProgressCommand extends Command<CommandOutcome<TrackResult>> {
  constructor(
    readonly principal: Principal,
    readonly action: TrackAction,
    readonly context: AppendContext,
  ) {
    super();
  }
}
