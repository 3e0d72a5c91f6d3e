import { Inject, Injectable } from '@nestjs/common';
import { ConcurrencyError, type AppendContext, type Checkpoint, type EventStore, type NewEvent } from '@portal/eventstore';
import { EVENT_STORE, PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { loadAnswers } from '@portal/projection-progress';
import { AppError } from '@portal/kernel';
import { progressStream, type CatalogueModel, type ContentEntry, type EntryState, type LockState, type ProgressEvent, type StationState } from '../../contracts/index.js';
import {
  decideProgress,
  entryLock,
  evolveProgress,
  initialProgressState,
  stationLock,
  type EntryProgress,
  type LearnerFacts,
  type ProgressCommand,
  type ProgressState,
  type StationFacts,
} from '../../domain/index.js';

/** Streams whose folded state stays in memory (most recently used first out). */
const CACHE_SIZE = 5_000;
const RETRIES = 4;

export interface WriteOutcome {
  events: ProgressEvent[];
  state: ProgressState;
  checkpoint: Checkpoint | null;
}

/**
 * Appends progress events with the progress decider. A learner's stream grows with every tick,
 * so its folded state is kept in memory and only the tail is read before deciding (streams are
 * append-only: the tail read is always enough); optimistic concurrency on the revision read, and a
 * conflict (two tabs, a beacon racing a pause) retries on the fresh tail.
 */
@Injectable()
export class ProgressWriter {
  private readonly cache = new Map<string, { revision: bigint; state: ProgressState }>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionRuntime,
  ) {}

  /** The folded state of a stream, read up to its tail. */
  async load(stream: string): Promise<{ revision: bigint | null; state: ProgressState }> {
    const cached = this.cache.get(stream);
    const recorded = await this.store.readStream(stream, cached ? { fromRevision: cached.revision + 1n } : {});
    let state = cached?.state ?? initialProgressState();
    let revision: bigint | null = cached?.revision ?? null;
    for (const r of recorded) {
      state = evolveProgress(state, { type: r.type, data: r.data } as unknown as ProgressEvent);
      revision = r.revision;
    }
    if (revision !== null) this.remember(stream, revision, state);
    return { revision, state };
  }

  async execute(actor: string, stationId: string, build: (state: ProgressState) => ProgressCommand | Promise<ProgressCommand>, context: AppendContext): Promise<WriteOutcome> {
    const stream = progressStream(actor, stationId);
    // a warm cache decides without reading: the append's expected revision catches a stale one
    const cached = this.cache.get(stream);
    let current: { revision: bigint | null; state: ProgressState } = cached ?? (await this.load(stream));
    let fresh = cached === undefined;
    for (let attempt = 0; ; attempt++) {
      const { revision, state } = current;
      const command = await build(state);
      const events = decideProgress(command, state);
      if (events.length === 0) {
        // "nothing to do" on a cached state could hide another process's write: confirm on the tail
        if (fresh) return { events, state, checkpoint: null };
        current = await this.load(stream);
        fresh = true;
        if (current.revision === revision) return { events, state, checkpoint: null };
        continue;
      }
      try {
        const result = await this.store.append(stream, events.map((e) => ({ type: e.type, data: e.data as unknown as Record<string, unknown> }) satisfies NewEvent), {
          expectedRevision: revision ?? 'no-stream',
          context,
        });
        const next = events.reduce(evolveProgress, state);
        this.remember(stream, result.nextRevision, next);
        return { events, state: next, checkpoint: result.checkpoint };
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < RETRIES) {
          // another tab, process or a beacon wrote first: read the tail and decide again
          current = await this.load(stream);
          fresh = true;
          continue;
        }
        throw error;
      }
    }
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

  private remember(stream: string, revision: bigint, state: ProgressState) {
    this.cache.delete(stream);
    this.cache.set(stream, { revision, state });
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
  }
}

const emptyFacts = (): LearnerFacts => ({ completed: new Set(), touched: new Set(), visited: new Set(), answers: new Map() });

/** Facts about a station for the decider (videosCompletedAt needs its non-optional entries). */
export const stationFactsOf = (station: { entries: ContentEntry[] }): StationFacts => ({ entries: station.entries.map((e) => ({ entryId: e.entryId, optional: e.optional })) });

/** The entry state of a write's answer, from the decider's state. */
export function entryStateFromProgress(entry: ContentEntry, p: EntryProgress | undefined): EntryState {
  return {
    rowId: entry.entryId,
    type: entry.type,
    playCount: p?.playCount ?? 0,
    completedCount: p?.completedCount ?? 0,
    duration: p?.duration ?? 0,
    percent: p?.percent ?? 0,
    seconds: p?.seconds ?? 0,
    completedAt: p?.completedAt ?? null,
    firstPlayAt: p?.firstPlayAt ?? null,
    lastPlayAt: p?.lastPlayAt ?? null,
    updatedAt: p?.updatedAt ?? null,
    viewsCount: p?.viewsCount ?? 0,
    firstViewAt: p?.firstViewAt ?? null,
    lastViewAt: p?.lastViewAt ?? null,
    bookmarkAt: p?.bookmarkAt ?? null,
    feedbackScore: p?.feedbackScore ?? null,
    answers: {},
    mediaState: p?.mediaState ?? {},
  };
}

export function stationStateFromProgress(stationId: string, s: ProgressState): Omit<StationState, 'videosState'> {
  return {
    stationId,
    visitsCount: s.visitsCount,
    firstVisitAt: s.firstVisitAt,
    lastVisitAt: s.lastVisitAt,
    viewType: s.viewType,
    feedbackScore: s.feedbackScore,
    videosCompletedAt: s.videosCompletedAt,
  };
}

export const notFound = () => new AppError('404');
