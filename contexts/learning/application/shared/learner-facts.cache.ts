import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PROJECTIONS } from '@portal/platform';
import type { ProjectionRuntime } from '@portal/projections-runtime';
import { feedsProjection, loadLearnerFeed, type LearnerFeed } from '@portal/projection-feeds';
import { loadAnswers, progressProjection, type QuestionFactRow } from '@portal/projection-progress';

export interface LearnerFacts {
  feed: LearnerFeed;
  answers: QuestionFactRow[];
}

/** Learners whose feed rows are kept (least recently read go first). */
export const CACHED_LEARNERS = 500;
const SOURCE_NAMES: readonly string[] = [feedsProjection.name, progressProjection.name];

/**
 * One learner's feed rows, visits and question facts, kept in memory between reads (ADR 0028).
 * An entry is dropped as soon as this process commits a batch of the feeds or progress projection
 * that names the learner (before any read waiting for that batch is answered), and everything is
 * dropped when a projection's rows are replaced. Used only while this process runs both
 * projections: batches applied by another process are not seen here, so then every read goes to
 * the database.
 */
@Injectable()
export class LearnerFactsCache implements OnModuleDestroy {
  private readonly entries = new Map<string, LearnerFacts & { withAnswers: boolean }>();
  /** reads in flight per learner: a change meanwhile marks them stale, so they do not store old rows */
  private readonly loading = new Map<string, Set<{ stale: boolean }>>();
  private readonly unsubscribe: Array<() => void>;

  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionRuntime) {
    this.unsubscribe = [
      this.projections.onApplied(feedsProjection, (events) => this.changed(events && events.map((e) => e.data.actor))),
      // an answer learning could not read (answer null) wrote no row: it names no one
      this.projections.onApplied(progressProjection, (events) => this.changed(events && events.flatMap((e) => (e.type === 'AnswerSubmitted' ? (e.answer ? [e.answer.actor] : []) : [e.data.actor])))),
    ];
  }

  onModuleDestroy(): void {
    for (const off of this.unsubscribe) off();
  }

  async load(actor: string, withAnswers: boolean): Promise<LearnerFacts> {
    const usable = this.projections.status().every((s) => !SOURCE_NAMES.includes(s.name) || s.leaseHeld);
    const cached = usable ? this.entries.get(actor) : undefined;
    // a rebuild or schema swap empties the cache (onApplied with null), so only the answers can be missing
    if (cached && (cached.withAnswers || !withAnswers)) {
      // most recently read last
      this.entries.delete(actor);
      this.entries.set(actor, cached);
      return cached;
    }
    const token = { stale: false };
    let reads = this.loading.get(actor);
    if (!reads) this.loading.set(actor, (reads = new Set()));
    reads.add(token);
    try {
      const [feed, answers] = await Promise.all([
        loadLearnerFeed(this.projections.reader('feeds'), actor),
        withAnswers ? loadAnswers(this.projections.reader('progress'), actor) : Promise.resolve([]),
      ]);
      const facts = { feed, answers };
      if (usable && !token.stale) {
        this.entries.delete(actor);
        this.entries.set(actor, { ...facts, withAnswers });
        if (this.entries.size > CACHED_LEARNERS) this.entries.delete(this.entries.keys().next().value!);
      }
      return facts;
    } finally {
      reads.delete(token);
      if (reads.size === 0) this.loading.delete(actor);
    }
  }

  /** `actors`: the learners a committed batch named (its events parsed by the projection); null when the rows were replaced. */
  private changed(actors: readonly string[] | null): void {
    if (actors === null) {
      this.entries.clear();
      for (const reads of this.loading.values()) for (const token of reads) token.stale = true;
      return;
    }
    for (const actor of actors) {
      this.entries.delete(actor);
      for (const token of this.loading.get(actor) ?? []) token.stale = true;
    }
  }
}
