import { Inject, Injectable } from '@nestjs/common';
import { ConcurrencyError, type AppendContext, type AppendResult, type EventStore } from '@portal/eventstore';
import { EVENT_STORE } from '@portal/platform';
import { learnerStream, type LearnerAssessmentEvent } from '../../contracts/index.js';
import { answerSheetDecider, type AnswerSheetCommand, type AnswerSheetState } from '../../domain/index.js';

const MAX_CACHED = 20_000;
const ATTEMPTS = 8;

type SheetOutcome = { before: AnswerSheetState; events: LearnerAssessmentEvent[]; state: AnswerSheetState; result: AppendResult | null };

interface Cached {
  state: AnswerSheetState;
  /** the stream's last revision, -1 for a stream that does not exist yet */
  revision: bigint;
}

/**
 * Runs the answer-sheet decider on a learner's stream, keeping the folded state of recently
 * active learners in memory (ADR 0041): an answer costs one append instead of a read and an
 * append. The append still states the revision the decision was made on, so a stale cache (another
 * API instance wrote meanwhile) fails with a concurrency error, and the command is decided again
 * on the state read from the log. One learner's commands queue in the process. Returns the state
 * before and after, so callers can tell what changed.
 */
@Injectable()
export class AnswerSheets {
  private readonly cache = new Map<string, Cached>();
  /** one learner's writes run one after the other in this process (no self-inflicted conflicts) */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  private async load(actor: string): Promise<Cached> {
    const recorded = await this.store.readStream(learnerStream(actor));
    const state = recorded.reduce((s, r) => answerSheetDecider.evolve(s, { type: r.type, data: r.data } as LearnerAssessmentEvent), answerSheetDecider.initial());
    return { state, revision: recorded.length > 0 ? recorded[recorded.length - 1]!.revision : -1n };
  }

  private remember(actor: string, entry: Cached) {
    this.cache.delete(actor);
    this.cache.set(actor, entry);
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
  }

  execute(actor: string, command: AnswerSheetCommand, context: AppendContext): Promise<SheetOutcome> {
    const previous = this.queues.get(actor) ?? Promise.resolve();
    const run = previous.then(
      () => this.decideAndAppend(actor, command, context),
      () => this.decideAndAppend(actor, command, context),
    );
    const tail = run.catch(() => undefined);
    this.queues.set(actor, tail);
    void tail.then(() => {
      if (this.queues.get(actor) === tail) this.queues.delete(actor);
    });
    return run;
  }

  private async decideAndAppend(actor: string, command: AnswerSheetCommand, context: AppendContext): Promise<SheetOutcome> {
    for (let attempt = 1; ; attempt++) {
      const entry = (attempt === 1 ? this.cache.get(actor) : undefined) ?? (await this.load(actor));
      const events = answerSheetDecider.decide(command, entry.state);
      if (events.length === 0) {
        this.remember(actor, entry);
        return { before: entry.state, events, state: entry.state, result: null };
      }
      try {
        const result = await this.store.append(
          learnerStream(actor),
          events.map((e) => ({ type: e.type, data: e.data as unknown as Record<string, unknown> })),
          { expectedRevision: entry.revision < 0n ? 'no-stream' : entry.revision, context },
        );
        const state = events.reduce(answerSheetDecider.evolve, entry.state);
        this.remember(actor, { state, revision: result.nextRevision });
        return { before: entry.state, events, state, result };
      } catch (error) {
        this.cache.delete(actor);
        if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
        // another instance wrote this learner's stream: back off a little, then decide on the log
        await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      }
    }
  }
}
