import { Command } from '@nestjs/cqrs';
import type { Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import type { CommandOutcome } from '@portal/platform';
import type { EntryState, EntryWriteBody, StationState } from '../../contracts/index.js';

/** Everything a learner's client reports about stations and entries (000 §4.2, §7). */
export type TrackAction =
  | { kind: 'view'; entryId: string }
  | { kind: 'media-state'; entryId: string; mediaId: string; data: Record<string, unknown> }
  | { kind: 'station'; stationId: string; visit: boolean; viewType: 'map' | 'detail'; feedbackScore?: number | undefined }
  | { kind: 'entry'; stationId: string; entryId: string; body: EntryWriteBody }
  | { kind: 'scorm-state'; entryId: string; cmi: Record<string, string> }
  | { kind: 'scorm-status'; entryId: string; status: string; score: number | null };

export interface TrackResult {
  stationId: string;
  entryId: string | null;
  entry: EntryState | null;
  station: Omit<StationState, 'videosState'>;
  /** this write completed the entry */
  completed: boolean;
  events: string[];
}

export class TrackProgressCommand extends Command<CommandOutcome<TrackResult>> {
  constructor(
    readonly principal: Principal,
    readonly action: TrackAction,
    readonly context: AppendContext,
  ) {
    super();
  }
}
