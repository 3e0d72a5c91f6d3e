import { isApiError } from '../../../shared/api/api-error';
import { newUuid } from '../../../shared/api/guest-id';
import { isRetryableWrite } from './retrying-write';

/**
 * SCORM commits that could not be sent yet (issue 27, ADR 0084 "A commit that fails is kept"):
 * offline, a cut connection, 503. Every commit gets an Idempotency-Key when it is made and joins
 * one queue, kept in memory and in IndexedDB (idb-keyval), which is sent in order, one at a time:
 * a commit is sent only once the one before it is answered. A commit that failed and may be sent
 * again stays at the head and is sent again, with the same key (the server stores a retry whose
 * first try had committed once), when the connection returns (`online`), on the next commit, or
 * after a wait that doubles from 1 s to 30 s. A refusal (400, 403, 404) is final: that commit is
 * dropped and the next one goes. Commits are kept per user: a commit is sent only while the user
 * who made it is signed in. A page that opens finds the commits an earlier page left (one closed
 * offline) and sends them before the player reads its resume data. The field-mode work builds on
 * this queue.
 */

export interface OutboxCommit<B = unknown> {
  /** the Idempotency-Key, fixed when the commit is made */
  key: string;
  userId: string;
  scormId: string;
  body: B;
}

/** What the learner sees: a commit on its way, all sent, or some waiting to be sent again. */
export type OutboxState = 'idle' | 'saving' | 'saved' | 'retrying';

export interface OutboxDeps<B, A> {
  send: (commit: OutboxCommit<B>) => Promise<A>;
  load: () => Promise<OutboxCommit<B>[]>;
  persist: (commits: OutboxCommit<B>[]) => Promise<void>;
  userId: () => string | null;
  /** setTimeout / clearTimeout, replaceable in specs */
  schedule?: (run: () => void, ms: number) => () => void;
  /** subscribes to the browser's `online` event */
  onOnline?: (run: () => void) => void;
}

/** The waits before a commit is sent again, in ms: doubling, at most 30 s. */
export const outboxRetryWait = (failures: number): number => Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));

interface Waiter<A> {
  resolve: (answer: A) => void;
  reject: (error: unknown) => void;
}

export class ScormOutbox<B, A> {
  private queue: OutboxCommit<B>[] = [];
  private readonly waiters = new Map<string, Waiter<A>>();
  private readonly listeners = new Set<(state: OutboxState) => void>();
  private readonly drained = new Set<() => void>();
  private loaded: Promise<void> | null = null;
  private sending = false;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private state: OutboxState = 'idle';
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly deps: OutboxDeps<B, A>) {
    deps.onOnline?.(() => this.retryNow());
  }

  /** The commits that were kept by an earlier page, once. */
  private load(): Promise<void> {
    this.loaded ??= this.deps
      .load()
      .then((stored) => {
        const known = new Set(this.queue.map((c) => c.key));
        this.queue = [...stored.filter((c) => !known.has(c.key)), ...this.queue];
      })
      .catch(() => undefined);
    return this.loaded;
  }

  /** Makes a commit: kept, then sent after the ones before it. Resolves with the server's answer once it is sent. */
  add(scormId: string, body: B): Promise<A> {
    const userId = this.deps.userId();
    if (!userId) return Promise.reject(new Error('a SCORM commit needs a signed-in learner'));
    const commit: OutboxCommit<B> = { key: newUuid(), userId, scormId, body };
    this.queue.push(commit);
    const answer = new Promise<A>((resolve, reject) => this.waiters.set(commit.key, { resolve, reject }));
    void this.keep();
    this.retryNow();
    return answer;
  }

  /** Sends what is kept: at once (a commit, the connection back), whatever wait was scheduled. */
  retryNow(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
    void this.flush();
  }

  /** The commits of `scormId` (of the signed-in user) not sent yet. */
  pending(scormId?: string): number {
    const userId = this.deps.userId();
    return this.queue.filter((c) => c.userId === userId && (scormId === undefined || c.scormId === scormId)).length;
  }

  /**
   * Resolves once the kept commits of `scormId` are sent, or once a try failed and they wait to be
   * sent again (a resume read must not wait for the connection): what a resume read waits for.
   */
  async settled(scormId: string): Promise<void> {
    await this.load();
    if (this.pending(scormId) === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        if (this.pending(scormId) > 0 && this.state !== 'retrying') return;
        this.drained.delete(done);
        resolve();
      };
      this.drained.add(done);
      this.retryNow();
    });
  }

  current(): OutboxState {
    return this.state;
  }

  subscribe(listener: (state: OutboxState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(state: OutboxState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
    for (const done of [...this.drained]) done();
  }

  /** Writes the queue to IndexedDB, one write after the other. */
  private keep(): Promise<void> {
    const snapshot = [...this.queue];
    this.saving = this.saving.then(() => this.deps.persist(snapshot)).catch(() => undefined);
    return this.saving;
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      await this.load();
      for (;;) {
        const userId = this.deps.userId();
        const commit = this.queue.find((c) => c.userId === userId);
        if (!commit) {
          this.failures = 0;
          this.set(this.queue.length > 0 || this.state !== 'idle' ? 'saved' : 'idle');
          return;
        }
        this.set('saving');
        try {
          const answer = await this.deps.send(commit);
          this.remove(commit);
          this.failures = 0;
          this.waiters.get(commit.key)?.resolve(answer);
          this.waiters.delete(commit.key);
        } catch (error) {
          if (isRetryableWrite(error) || (isApiError(error) && [502, 504, 429].includes(error.statusCode))) {
            this.failures += 1;
            this.set('retrying');
            const schedule = this.deps.schedule ?? ((run, ms) => {
              const timer = setTimeout(run, ms);
              return () => clearTimeout(timer);
            });
            this.cancelRetry = schedule(() => {
              this.cancelRetry = null;
              void this.flush();
            }, outboxRetryWait(this.failures) * (0.75 + Math.random() * 0.5));
            return;
          }
          // refused: another try would be refused too
          this.remove(commit);
          this.waiters.get(commit.key)?.reject(error);
          this.waiters.delete(commit.key);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private remove(commit: OutboxCommit<B>): void {
    this.queue = this.queue.filter((c) => c.key !== commit.key);
    void this.keep();
  }
}
