import { Inject, Injectable } from '@nestjs/common';
import { actorOf, AppError, type Clock, type Principal } from '@portal/kernel';
import type { AppendContext } from '@portal/eventstore';
import { actedAt, CLOCK, partOf, type CommandOutcome } from '@portal/platform';
import type { ContentEntry, EntryState, EntryWriteBody, ScormVersion, StationState } from '../../contracts/index.js';
import type { ProgressCommand, ProgressState, ScormRollup } from '../../domain/index.js';
import { requireEntry, requireStation } from './access.js';
import { CatalogueService } from './catalogue.service.js';
import { ProgressWriter, stationFactsOf } from './progress-writer.js';
import { entryStateOf, stationStateOf } from './views.js';

/** Everything a learner's client reports about stations and entries (000 §4.2, §7). */
export type TrackAction =
  | { kind: 'view'; entryId: string }
  | { kind: 'media-state'; entryId: string; mediaId: string; data: Record<string, unknown> }
  | { kind: 'station'; stationId: string; visit: boolean; viewType: 'map' | 'detail'; feedbackScore?: number | undefined }
  | { kind: 'entry'; stationId: string; entryId: string; body: EntryWriteBody }
  | { kind: 'scorm-state'; entryId: string; cmi: Record<string, string>; scoId?: string; rollup?: ScormRollup; sequencing?: string; played?: PlayedOn }
  | { kind: 'scorm-status'; entryId: string; status: string; score: number | null; played?: PlayedOn };

/**
 * A SCORM write's entry as the attempt plays it (issue 27): given the revision the attempt is
 * pinned to in the learner's state (null before its first commit), the revision the write is of
 * and that revision's version and SCOs.
 */
export type PlayedOn = (pinned: number | null) => Promise<{ revision: number; version: ScormVersion; scoIds: string[] }>;

export interface TrackResult {
  stationId: string;
  entryId: string | null;
  entry: EntryState | null;
  station: Omit<StationState, 'videosState'>;
  /** this write completed the entry */
  completed: boolean;
  events: string[];
}

/** A tracked report: the answer, the position of its events and the learner's station state after it. */
export interface Tracked extends CommandOutcome<TrackResult> {
  state: ProgressState;
}

/**
 * What every progress write does (track-progress, the SCORM writes): resolves the station and
 * entry the caller may reach (404/403), computes the entry's lock where a rule needs it, and lets
 * the progress decider turn the report into events.
 */
@Injectable()
export class ProgressTracker {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(ProgressWriter) private readonly writer: ProgressWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async track(principal: Principal, action: TrackAction, context: AppendContext): Promise<Tracked> {
    const model = await this.catalogue.model();
    const actor = actorOf(principal);
    // when it happened: the client's time for an action made offline and sent later (ADR 0093)
    const now = actedAt(context, this.clock.now());
    if (principal.kind !== 'user' && action.kind !== 'view' && action.kind !== 'media-state') throw new AppError('401');
    let stationId: string;
    let entry: ContentEntry | null = null;
    if (action.kind === 'station') {
      stationId = requireStation(model, principal, action.stationId).stationId;
    } else {
      const found = requireEntry(model, principal, action.entryId, action.kind === 'entry' ? action.stationId : undefined);
      stationId = found.station.stationId;
      entry = found.entry;
    }
    const station = model.stations.get(stationId)!;
    const facts = entry ? { entryId: entry.entryId, type: entry.type, duration: entry.duration, scormVersion: entry.scormVersion ?? null } : null;
    const lockOf = (state: ProgressState) => this.writer.lockFor(model, actor, station, entry, state);
    const stationFacts = stationFactsOf(station);
    const base = { actor, stationId, now };

    /** the SCORM entry's facts at the revision the attempt plays, and that revision */
    const playedFacts = async (state: ProgressState, played: PlayedOn | undefined) => {
      if (!played || !facts) return { entry: facts!, revision: {} };
      const at = await played(state.entries[facts.entryId]?.scorm?.revision ?? null);
      const entry = { ...facts, scormVersion: at.version, ...(at.scoIds.length > 0 ? { scoIds: at.scoIds } : {}) };
      return { entry, revision: { revision: at.revision } };
    };

    const build = async (state: ProgressState): Promise<ProgressCommand> => {
      switch (action.kind) {
        case 'view':
          return { type: 'ViewContent', data: { ...base, entry: facts!, station: stationFacts, lock: await lockOf(state) } };
        case 'media-state':
          return { type: 'SaveMediaState', data: { ...base, entry: facts!, mediaId: action.mediaId, state: action.data } };
        case 'station':
          return action.feedbackScore !== undefined && !action.visit
            ? { type: 'GiveStationFeedback', data: { ...base, score: action.feedbackScore } }
            : { type: 'VisitStation', data: { ...base, viewType: action.viewType } };
        case 'scorm-state': {
          const played = await playedFacts(state, action.played);
          return {
            type: 'SaveScormState',
            data: {
              ...base,
              entry: played.entry,
              station: stationFacts,
              lock: await lockOf(state),
              cmi: action.cmi,
              ...played.revision,
              ...(action.scoId !== undefined ? { scoId: action.scoId } : {}),
              ...(action.rollup ? { rollup: action.rollup } : {}),
              ...(action.sequencing !== undefined ? { sequencing: action.sequencing } : {}),
            },
          };
        }
        case 'scorm-status': {
          const { entry: played } = await playedFacts(state, action.played);
          return { type: 'ReportScormStatus', data: { ...base, entry: played, station: stationFacts, lock: await lockOf(state), status: action.status, score: action.score } };
        }
        case 'entry': {
          const body = action.body;
          switch (body.event) {
            case 'bookmark':
              return { type: 'SetBookmark', data: { ...base, entry: facts!, value: body.value } };
            case 'feedback':
              return { type: 'GiveContentFeedback', data: { ...base, entry: facts!, score: body.score } };
            default:
              return {
                type: 'TrackPlay',
                data: { ...base, entry: facts!, station: stationFacts, lock: await lockOf(state), event: body.event, playSessionId: body.playSessionId, seconds: body.seconds, duration: body.duration },
              };
          }
        }
        default: {
          const exhaustive: never = action;
          throw new Error(`unknown action ${JSON.stringify(exhaustive)}`);
        }
      }
    };

    let outcome = await this.writer.execute(actor, stationId, build, context);
    let events = outcome.events.map((e) => e.type as string);
    let checkpoint = outcome.checkpoint;
    // a visit and a feedback score in one call are two facts
    if (action.kind === 'station' && action.visit && action.feedbackScore !== undefined) {
      const score = action.feedbackScore;
      const second = await this.writer.execute(actor, stationId, () => ({ type: 'GiveStationFeedback', data: { ...base, score } }), partOf(context, 1));
      outcome = second;
      events = [...events, ...second.events.map((e) => e.type as string)];
      checkpoint = second.checkpoint ?? checkpoint;
    }
    const state = outcome.state;
    return {
      value: {
        stationId,
        entryId: entry?.entryId ?? null,
        entry: entry ? entryStateOf(entry, state.entries[entry.entryId]) : null,
        station: stationStateOf(stationId, state),
        completed: events.includes('MediaCompleted'),
        events,
      },
      checkpoint,
      state,
    };
  }
}
