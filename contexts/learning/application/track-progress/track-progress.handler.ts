import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { actorOf, AppError, type Clock } from '@portal/kernel';
import { CLOCK, type CommandOutcome } from '@portal/platform';
import type { ContentEntry } from '../../contracts/index.js';
import type { ProgressCommand, ProgressState } from '../../domain/index.js';
import { requireEntry, requireStation } from '../shared/access.js';
import { CatalogueService } from '../shared/catalogue.service.js';
import { entryStateFromProgress, ProgressWriter, stationFactsOf, stationStateFromProgress } from '../shared/progress-writer.js';
import { TrackProgressCommand, type TrackResult } from './track-progress.command.js';

/**
 * Resolves the station and entry the caller may reach (404/403), computes the entry's lock where
 * a rule needs it, and lets the progress decider turn the report into events.
 */
@CommandHandler(TrackProgressCommand)
export class TrackProgressHandler implements ICommandHandler<TrackProgressCommand> {
  constructor(
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(ProgressWriter) private readonly writer: ProgressWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, action, context }: TrackProgressCommand): Promise<CommandOutcome<TrackResult>> {
    const model = await this.catalogue.model();
    const actor = actorOf(principal);
    const now = this.clock.now().toISOString();
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
        case 'scorm-state':
          return { type: 'SaveScormState', data: { ...base, entry: facts!, station: stationFacts, lock: await lockOf(state), cmi: action.cmi } };
        case 'scorm-status':
          return { type: 'ReportScormStatus', data: { ...base, entry: facts!, station: stationFacts, lock: await lockOf(state), status: action.status, score: action.score } };
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
      const second = await this.writer.execute(actor, stationId, () => ({ type: 'GiveStationFeedback', data: { ...base, score } }), context);
      outcome = second;
      events = [...events, ...second.events.map((e) => e.type as string)];
      checkpoint = second.checkpoint ?? checkpoint;
    }
    const state = outcome.state;
    return {
      value: {
        stationId,
        entryId: entry?.entryId ?? null,
        entry: entry ? entryStateFromProgress(entry, state.entries[entry.entryId]) : null,
        station: stationStateFromProgress(stationId, state),
        completed: events.includes('MediaCompleted'),
        events,
      },
      checkpoint,
    };
  }
}
