import { Inject, Injectable } from '@nestjs/common';
import type { AppendContext, Checkpoint, EventStore } from '@portal/eventstore';
import { EVENT_STORE, PROJECTIONS, StreamWriter } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { loadAnswers } from '@portal/projection-progress';
import { AppError } from '@portal/kernel';
import { progressStream, type CatalogueModel, type ContentEntry, type LockState, type ProgressEvent } from '../../contracts/index.js';
import {
  entryLock,
  progressDecider,
  stationLock,
  type LearnerFacts,
  type ProgressCommand,
  type ProgressState,
  type StationFacts,
} from '../../domain/index.js';

export interface WriteOutcome {
  events: ProgressEvent[];
  state: ProgressState;
  checkpoint: Checkpoint | null;
}

/**
 * Appends progress events with the progress decider, run by the one StreamWriter with the hot
 * path's options: a learner's stream grows with every tick, so its folded state stays in memory
 * (5,000 streams) and only the tail is read before deciding; one stream's writes (two tabs, a
 * beacon racing a pause, a burst of views) run one after another in this process, so they do not
 * conflict with each other; a conflict with another instance is decided again on the fresh tail,
 * up to 16 times (ADR 0081), as the answer sheets do.
 */
@Injectable()
export class ProgressWriter {
  private readonly writer: StreamWriter<ProgressCommand, ProgressEvent, ProgressState>;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {
    // the contract's parser on the tail reads: about 0.2 µs per tick event (zod 4), nothing next to the read itself
    this.writer = new StreamWriter(store, progressDecider, { cacheSize: 5_000, serialize: true, attempts: 16 });
  }

  /** The folded state of a stream, read up to its tail. */
  load(stream: string): Promise<{ revision: bigint | null; state: ProgressState }> {
    return this.writer.load(stream);
  }

  async execute(actor: string, stationId: string, build: (state: ProgressState) => ProgressCommand | Promise<ProgressCommand>, context: AppendContext): Promise<WriteOutcome> {
    const { events, state, result } = await this.writer.execute(progressStream(actor, stationId), build, context);
    return { events, state, checkpoint: result?.checkpoint ?? null };
  }

  /**
   * The lock of an entry as the write sees it (000 §4.3): completions come from the progress
   * streams of every station the rules look at (strongly consistent with this write), question
   * facts from the progress read model (fed by the assessment context; empty today).
   */
  async lockFor(model: CatalogueModel, actor: string, station: { stationId: string }, entry: ContentEntry | null, own: ProgressState): Promise<LockState> {
    const involved = new Set<string>();
    let needsAnswers = false;
    const addStation = (id: string) => {
      const s = model.stations.get(id);
      if (!s || involved.has(id)) return;
      involved.add(id);
      if (s.type === 'Map') for (const c of model.children.get(id) ?? []) involved.add(c);
      if (s.questions && !s.questions.inactive && (s.questions.mandatoryAnswerAll || s.questions.minCorrectAnswers > 0)) needsAnswers = true;
    };
    // the station, its ancestors, and everything their unlock handlers and the entry refer to
    let current = model.stations.get(station.stationId);
    const seen = new Set<string>();
    while (current && !seen.has(current.stationId)) {
      seen.add(current.stationId);
      for (const id of current.unlock?.completedStationIds ?? []) addStation(id);
      for (const e of current.unlock?.completedEntryIds ?? []) {
        const at = model.entries.get(e);
        if (at) involved.add(at.stationId);
      }
      current = current.parent ? model.stations.get(current.parent) : undefined;
    }
    for (const e of entry?.requires ?? []) {
      const at = model.entries.get(e);
      if (at) involved.add(at.stationId);
    }
    if (involved.size === 0 && (entry?.requires.length ?? 0) === 0) return stationLock(model, emptyFacts(), station.stationId);
    const completed = new Set<string>();
    const addCompleted = (state: ProgressState) => {
      for (const [id, e] of Object.entries(state.entries)) if (e.completedAt) completed.add(id);
    };
    addCompleted(own);
    await Promise.all(
      [...involved]
        .filter((id) => id !== station.stationId)
        .map(async (id) => addCompleted((await this.load(progressStream(actor, id))).state)),
    );
    const answers = new Map<string, { isCorrect: boolean; answeredAt: string }>();
    if (needsAnswers) {
      for (const a of await loadAnswers(this.projections.reader('progress'), actor)) answers.set(a.questionId, { isCorrect: a.isCorrect, answeredAt: a.answeredAt });
    }
    const facts: LearnerFacts = { completed, touched: new Set(), visited: new Set(), answers };
    return entry ? entryLock(model, facts, station.stationId, entry) : stationLock(model, facts, station.stationId);
  }
}

const emptyFacts = (): LearnerFacts => ({ completed: new Set(), touched: new Set(), visited: new Set(), answers: new Map() });

/** Facts about a station for the decider (videosCompletedAt needs its non-optional entries). */
export const stationFactsOf = (station: { entries: ContentEntry[] }): StationFacts => ({ entries: station.entries.map((e) => ({ entryId: e.entryId, optional: e.optional })) });

export const notFound = () => new AppError('404');
