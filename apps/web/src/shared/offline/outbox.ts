import { isApiError } from '../api/api-error';
import { newUuid } from '../api/guest-id';

/**
 * The learner outbox (issue 30, ADR 0094): every learner write (play, progress and complete; views,
 * bookmarks and feedback; SCORM commits; answers, NPS included) is an item kept in IndexedDB with
 * an Idempotency-Key and the client time, both made when the learner acted. The outbox sends its
 * items in order, in batches, one at a time (an item goes once the one before it is answered),
 * under one Web Lock shared by every tab of the browser, so two tabs never send the same item at
 * once; the store is read again under the lock, so what another tab has sent is not sent again. An
 * item that may be sent again (offline, a cut connection, a send left unanswered, 503, 502, 504,
 * 429, a lost race) stays at the head and is sent again with the same key after a wait that
 * doubles from 1 s to 30 s, on the next write, when the connection returns or on the Background
 * Sync event. A refusal (400, 403,
 * 404, 409, 422) is final: the item leaves the outbox and is recorded as refused with its code,
 * which the learner sees with the error catalogue's words. Items are kept per user: an item is
 * sent only while the user who made it is signed in with a token. A crash between the server's
 * answer and the delete sends the item again on the next drain: the server answers a replayed key
 * with the first answer (ADR 0081, issue 30), so it lands once.
 *
 * This generalises the SCORM commit outbox of issue 27 (ADR 0084 "A commit that fails is kept").
 */

/** The writes the outbox carries; `route` names the contract route the sender calls. */
export type OutboxRoute = 'entryWrite' | 'stationWrite' | 'contentView' | 'mediaState' | 'scormContentWrite' | 'scormProgressWrite' | 'submitAnswer';

export interface OutboxItem<B = unknown> {
  /** the Idempotency-Key, fixed when the learner acted */
  key: string;
  /** the order the items were made in (ms since epoch, strictly increasing within a page) */
  seq: number;
  userId: string;
  route: OutboxRoute;
  params: Record<string, string>;
  body: B;
  /** what the item is about (an entry, a SCORM course, a question): the screens' overlay and settled() */
  scope: string;
  /** ISO time the learner acted: sent as X-Client-Time */
  clientTime: string;
}

export type OutcomeStatus = 'synced' | 'refused';

export interface OutboxOutcome {
  key: string;
  route: OutboxRoute;
  scope: string;
  userId: string;
  clientTime: string;
  status: OutcomeStatus;
  /** the error catalogue code of a refusal */
  code?: string;
  /** the HTTP status of a refusal (the message when the code has none of its own) */
  httpStatus?: number;
  /** the body's `event` (a bookmark, a feedback, a play tick), for the learner's list */
  event?: string;
  /** ms since epoch */
  at: number;
}

/** Where items and outcomes are kept: IndexedDB in the browser (outbox-store.ts), memory in specs. */
export interface OutboxStore {
  put(item: OutboxItem): Promise<void>;
  /** every kept item, by seq */
  list(): Promise<OutboxItem[]>;
  /** the item leaves the outbox and its outcome is kept, in one transaction */
  settle(key: string, outcome: OutboxOutcome): Promise<void>;
  outcomes(): Promise<OutboxOutcome[]>;
  dismiss(key: string): Promise<void>;
}

/** What the learner sees: nothing kept, a send under way, all sent, or some waiting to be sent again. */
export type OutboxState = 'idle' | 'saving' | 'saved' | 'retrying';

/** Said to the other tabs of the browser (BroadcastChannel). */
export type OutboxMessage = { type: 'changed' } | { type: 'settled'; key: string; ok: boolean; answer?: unknown; code?: string };

export interface OutboxDeps {
  store: OutboxStore;
  /** sends one item; `signal` aborts it (the connection changed, or it stalled: see abortInFlight) */
  send: (item: OutboxItem, signal: AbortSignal) => Promise<unknown>;
  userId: () => string | null;
  /** whether a write can be sent now (a token, not the offline field session) */
  canSend: () => boolean;
  /** runs `task` holding the browser-wide lock (navigator.locks); run as is where there is none */
  lock?: <T>(task: () => Promise<T>) => Promise<T>;
  /** setTimeout / clearTimeout, replaceable in specs */
  schedule?: (run: () => void, ms: number) => () => void;
  /** subscribes to the browser's `online` event (and the Background Sync message) */
  onOnline?: (run: () => void) => void;
  /** subscribes to the browser's `offline` event */
  onOffline?: (run: () => void) => void;
  /** how long one send may go unanswered before it is dropped and sent again (ms; 60 s) */
  stallAfter?: number;
  /** another tab's messages in, ours out */
  channel?: { post: (message: OutboxMessage) => void; listen: (run: (message: OutboxMessage) => void) => void };
  /** after an item is kept offline: ask for a Background Sync */
  onQueued?: () => void;
  now?: () => number;
  /** how many items are read from the store at a time */
  batchSize?: number;
  /** how many outcomes are kept for the learner to see (refused ones stay until dismissed) */
  keepSynced?: number;
}

/** The waits before an item is sent again, in ms: doubling, at most 30 s. */
export const outboxRetryWait = (failures: number): number => Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));

/** An answer after which the same item may be sent again: no answer, 503, 502, 504, 429, a lost race (ADR 0081). */
export const isRetryableAnswer = (error: unknown): boolean =>
  !isApiError(error) || error.statusCode === 0 || error.code === 'write-conflict' || [429, 502, 503, 504].includes(error.statusCode);

/** 401: the token is gone (signed out elsewhere, expired offline): kept until the learner is signed in again. */
const isSignedOut = (error: unknown): boolean => isApiError(error) && error.statusCode === 401;

interface Waiter {
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
}

export class OutboxRefusal extends Error {
  constructor(readonly code: string) {
    super(`refused on sync: ${code}`);
  }
}

export class LearnerOutbox {
  /** the store's items as last read: what pending() and the screens' overlay see at once */
  private items: OutboxItem[] = [];
  private outcomeList: OutboxOutcome[] = [];
  private readonly waiters = new Map<string, Waiter>();
  private readonly listeners = new Set<() => void>();
  private readonly drained = new Set<() => void>();
  private loaded: Promise<void> | null = null;
  private sending = false;
  private again = false;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private state: OutboxState = 'idle';
  private lastSeq = 0;
  private version = 0;
  /** moves whenever this page's drain changes `items` from what it read or did (see reload) */
  private generation = 0;
  /** items IndexedDB refused to keep (quota): sent from memory, lost with the page */
  private readonly volatile = new Map<string, OutboxItem>();
  /** items made in this page that IndexedDB has not confirmed yet */
  private readonly unsaved = new Map<string, OutboxItem>();
  /** the send under way: aborted when the connection changes or it stalls */
  private inFlight: AbortController | null = null;
  /** the send under way was dropped because the connection came back: send it again at once */
  private resend = false;

  constructor(private readonly deps: OutboxDeps) {
    // the connection is back: the waits grown while offline start again from 1 s
    deps.onOnline?.(() => {
      this.failures = 0;
      this.abortInFlight(true);
      this.retryNow();
    });
    deps.onOffline?.(() => this.abortInFlight(false));
    deps.channel?.listen((message) => {
      if (message.type === 'settled') {
        const waiter = this.waiters.get(message.key);
        this.waiters.delete(message.key);
        if (message.ok) waiter?.resolve(message.answer);
        else waiter?.reject(new OutboxRefusal(message.code ?? 'app/internal-server-error'));
      }
      void this.reload();
    });
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /**
   * Reads the store again (another tab changed it) and tells the screens. A read that this page's
   * own drain overtook (an item settled, or a batch read, while it was under way) is stale: it
   * would put back an item already sent, which the screens would show as pending for good. It is
   * dropped and the store read again.
   */
  async reload(): Promise<void> {
    for (let tries = 0; tries < 5; tries++) {
      const started = this.generation;
      try {
        const [items, outcomes] = await Promise.all([this.deps.store.list(), this.deps.store.outcomes()]);
        if (started !== this.generation) continue;
        this.items = this.withLocal(items);
        this.outcomeList = outcomes;
      } catch {
        // no IndexedDB (private mode of an old browser): what is in memory stays
      }
      break;
    }
    this.changed();
  }

  /** The store's items and this page's items it does not have (yet, or at all), in order. */
  private withLocal(stored: OutboxItem[]): OutboxItem[] {
    const local = [...this.unsaved.values(), ...this.volatile.values()].filter((v) => !stored.some((s) => s.key === v.key));
    return [...stored, ...local].sort((a, b) => a.seq - b.seq);
  }

  private load(): Promise<void> {
    this.loaded ??= this.reload();
    return this.loaded;
  }

  /** Resolves once what an earlier page kept has been read. */
  ready(): Promise<void> {
    return this.load();
  }

  /**
   * Keeps a write (key and client time made now) and sends it after the ones before it. `answer`
   * resolves with the server's answer once it is sent (by this tab or another), and rejects with an
   * OutboxRefusal if the server refuses it; `kept` resolves once it is in IndexedDB.
   */
  add<B>(write: { route: OutboxRoute; params?: Record<string, string>; body: B; scope: string }): { key: string; kept: Promise<void>; answer: Promise<unknown> } {
    const userId = this.deps.userId();
    if (!userId) {
      const error = new Error('a learner write needs a signed-in learner');
      return { key: '', kept: Promise.reject(error), answer: Promise.reject(error) };
    }
    const at = this.now();
    const seq = Math.max(at, this.lastSeq + 0.001);
    this.lastSeq = seq;
    const item: OutboxItem<B> = { key: newUuid(), seq, userId, route: write.route, params: write.params ?? {}, body: write.body, scope: write.scope, clientTime: new Date(at).toISOString() };
    this.items = [...this.items, item as OutboxItem];
    this.unsaved.set(item.key, item as OutboxItem);
    this.changed();
    const answer = new Promise<unknown>((resolve, reject) => this.waiters.set(item.key, { resolve, reject }));
    // a caller that only queues (offline) must not see an unhandled rejection
    answer.catch(() => undefined);
    const kept = this.load()
      .then(() => this.deps.store.put(item as OutboxItem))
      .then(() => this.deps.channel?.post({ type: 'changed' }));
    kept
      .catch(() => {
        this.volatile.set(item.key, item as OutboxItem);
      })
      .then(() => {
        this.unsaved.delete(item.key);
        if (!this.deps.canSend()) this.deps.onQueued?.();
        this.retryNow();
      });
    return { key: item.key, kept, answer };
  }

  /**
   * Keeps a write and resolves with the server's answer once it is sent, or with `sent: false` as
   * soon as it is kept and cannot be sent now (offline: "sent when you are back online"). A refusal
   * rejects with an OutboxRefusal.
   */
  sendOrKeep<B>(write: { route: OutboxRoute; params?: Record<string, string>; body: B; scope: string }): Promise<{ sent: true; answer: unknown; key: string } | { sent: false; key: string }> {
    const item = this.add(write);
    return new Promise((resolve, reject) => {
      let done = false;
      const off = this.subscribe(() => check());
      const finish = (run: () => void) => {
        if (done) return;
        done = true;
        off();
        run();
      };
      const check = () => {
        const waiting = this.items.some((i) => i.key === item.key);
        if (waiting && (this.state === 'retrying' || !this.deps.canSend())) finish(() => resolve({ sent: false, key: item.key }));
      };
      item.answer.then(
        (answer) => finish(() => resolve({ sent: true, answer, key: item.key })),
        (error: unknown) => finish(() => reject(error)),
      );
      item.kept.then(check, (error: unknown) => finish(() => reject(error)));
    });
  }

  /** Takes in writes made earlier with their keys (an older page's queue), after what is kept. */
  async adopt(writes: { key: string; userId: string; route: OutboxRoute; params?: Record<string, string>; body: unknown; scope: string }[]): Promise<void> {
    await this.load();
    for (const write of writes) {
      if (this.items.some((i) => i.key === write.key)) continue;
      const at = this.now();
      const seq = Math.max(at, this.lastSeq + 0.001);
      this.lastSeq = seq;
      const item: OutboxItem = { key: write.key, seq, userId: write.userId, route: write.route, params: write.params ?? {}, body: write.body, scope: write.scope, clientTime: new Date(at).toISOString() };
      await this.deps.store.put(item);
    }
    this.deps.channel?.post({ type: 'changed' });
    await this.reload();
    this.retryNow();
  }

  /**
   * Drops the send under way. A request that was on the wire when the signal dropped (or was sent
   * while the browser thought it was online) may never be answered: the browser keeps it open until
   * its own network timeout, minutes later, and the outbox, which sends one item at a time under the
   * browser-wide lock, would wait for it with every item behind it, the badge showing them pending.
   * Dropped, it is sent again with the same key (a replay lands once, ADR 0081): at once when the
   * connection is back, after the usual wait otherwise.
   */
  private abortInFlight(resend: boolean): void {
    if (!this.inFlight) return;
    this.resend ||= resend;
    this.inFlight.abort();
  }

  /** Sends what is kept now (a write, the connection back, Background Sync), whatever wait was scheduled. */
  retryNow(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
    void this.flush();
  }

  /** The items of the signed-in user not sent yet, of `scope` when given, in order. */
  pending(scope?: string): OutboxItem[] {
    const userId = this.deps.userId();
    return this.items.filter((i) => i.userId === userId && (scope === undefined || i.scope === scope));
  }

  /** The outcomes of the signed-in user, newest first. */
  outcomes(): OutboxOutcome[] {
    const userId = this.deps.userId();
    return this.outcomeList.filter((o) => o.userId === userId).sort((a, b) => b.at - a.at);
  }

  async dismiss(key: string): Promise<void> {
    await this.deps.store.dismiss(key);
    this.deps.channel?.post({ type: 'changed' });
    await this.reload();
  }

  /**
   * Resolves once the kept items of `scope` are sent, or once a try failed and they wait to be
   * sent again (a read must not wait for the connection).
   */
  async settled(scope: string): Promise<void> {
    await this.load();
    if (this.pending(scope).length === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        if (this.pending(scope).length > 0 && this.state !== 'retrying' && this.deps.canSend()) return;
        this.drained.delete(done);
        resolve();
      };
      this.drained.add(done);
      this.retryNow();
      done();
    });
  }

  current(): OutboxState {
    return this.state;
  }

  /** Moves on every change of items, outcomes or state (for useSyncExternalStore). */
  snapshot(): number {
    return this.version;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
    for (const done of [...this.drained]) done();
  }

  private set(state: OutboxState): void {
    if (this.state === state) return;
    this.state = state;
    this.changed();
  }

  private async flush(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
    try {
      do {
        this.again = false;
        await this.load();
        if (!this.deps.userId() || !this.deps.canSend()) {
          if (this.pending().length > 0) this.set('retrying');
          return;
        }
        const lock = this.deps.lock ?? ((task) => task());
        const outcome = await lock(() => this.drain());
        if (outcome === 'wait') return;
        if (outcome === 'again') this.again = true;
      } while (this.again);
    } finally {
      this.sending = false;
    }
  }

  /** Under the lock: batch after batch, read from the store, until it is empty or an item must wait. */
  private async drain(): Promise<'done' | 'wait' | 'again'> {
    const batchSize = this.deps.batchSize ?? 20;
    for (;;) {
      const userId = this.deps.userId();
      if (!userId || !this.deps.canSend()) return 'wait';
      let stored: OutboxItem[];
      try {
        stored = await this.deps.store.list();
      } catch {
        stored = this.items;
      }
      const volatile = [...this.volatile.values()].filter((v) => !stored.some((s) => s.key === v.key));
      const batch = [...stored, ...volatile].sort((a, b) => a.seq - b.seq).filter((i) => i.userId === userId).slice(0, batchSize);
      this.generation += 1;
      this.items = this.withLocal(stored);
      if (batch.length === 0) {
        this.failures = 0;
        this.set(this.outcomeList.length > 0 || this.state !== 'idle' ? 'saved' : 'idle');
        this.changed();
        return 'done';
      }
      this.set('saving');
      for (const item of batch) {
        let answer: unknown;
        const controller = new AbortController();
        this.inFlight = controller;
        this.resend = false;
        // its own timer, not `schedule` (the retry waits'): a send that stalls is dropped
        const stall = setTimeout(() => controller.abort(), this.deps.stallAfter ?? 60_000);
        try {
          answer = await this.deps.send(item, controller.signal);
        } catch (error) {
          if (controller.signal.aborted && this.resend) {
            // dropped because the connection is back: sent again at once, under a new lock
            this.resend = false;
            return 'again';
          }
          if (controller.signal.aborted || isSignedOut(error) || isRetryableAnswer(error)) {
            this.failures += 1;
            this.set('retrying');
            if (!isSignedOut(error)) this.scheduleRetry();
            return 'wait';
          }
          const code = isApiError(error) ? error.code : 'app/internal-server-error';
          await this.settle(item, { status: 'refused', code, httpStatus: isApiError(error) ? error.statusCode : 500 });
          const waiter = this.waiters.get(item.key);
          this.waiters.delete(item.key);
          waiter?.reject(new OutboxRefusal(code));
          this.deps.channel?.post({ type: 'settled', key: item.key, ok: false, code });
          continue;
        } finally {
          clearTimeout(stall);
          this.inFlight = null;
        }
        this.failures = 0;
        await this.settle(item, { status: 'synced' });
        const waiter = this.waiters.get(item.key);
        this.waiters.delete(item.key);
        waiter?.resolve(answer);
        this.deps.channel?.post({ type: 'settled', key: item.key, ok: true, answer });
      }
    }
  }

  private async settle(item: OutboxItem, result: { status: OutcomeStatus; code?: string; httpStatus?: number }): Promise<void> {
    const event = (item.body as { event?: unknown } | null)?.event;
    const outcome: OutboxOutcome = {
      key: item.key,
      route: item.route,
      scope: item.scope,
      userId: item.userId,
      clientTime: item.clientTime,
      status: result.status,
      at: this.now(),
      ...(result.code ? { code: result.code } : {}),
      ...(result.httpStatus ? { httpStatus: result.httpStatus } : {}),
      ...(typeof event === 'string' ? { event } : {}),
    };
    try {
      await this.deps.store.settle(item.key, outcome);
    } catch {
      // the store is gone: the item is sent; memory forgets it below
    }
    this.volatile.delete(item.key);
    this.generation += 1;
    this.items = this.items.filter((i) => i.key !== item.key);
    this.outcomeList = [outcome, ...this.outcomeList.filter((o) => o.key !== item.key)];
    this.changed();
  }

  private scheduleRetry(): void {
    const schedule =
      this.deps.schedule ??
      ((run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      });
    this.cancelRetry?.();
    this.cancelRetry = schedule(
      () => {
        this.cancelRetry = null;
        void this.flush();
      },
      outboxRetryWait(this.failures) * (0.75 + Math.random() * 0.5),
    );
  }
}

/** A store in memory: specs, and a browser without IndexedDB (nothing outlives the page there). */
export class MemoryOutboxStore implements OutboxStore {
  items = new Map<string, OutboxItem>();
  kept = new Map<string, OutboxOutcome>();
  constructor(private readonly keepSynced = 50) {}
  async put(item: OutboxItem): Promise<void> {
    this.items.set(item.key, structuredClone(item));
  }
  async list(): Promise<OutboxItem[]> {
    return [...this.items.values()].sort((a, b) => a.seq - b.seq).map((i) => structuredClone(i));
  }
  async settle(key: string, outcome: OutboxOutcome): Promise<void> {
    this.items.delete(key);
    this.kept.set(key, outcome);
    pruneOutcomes(this.kept, this.keepSynced);
  }
  async outcomes(): Promise<OutboxOutcome[]> {
    return [...this.kept.values()];
  }
  async dismiss(key: string): Promise<void> {
    this.kept.delete(key);
  }
}

/** Keeps the newest `keep` synced outcomes; refused ones stay until the learner dismisses them. */
export const pruneOutcomes = (outcomes: Map<string, OutboxOutcome>, keep: number): string[] => {
  const synced = [...outcomes.values()].filter((o) => o.status === 'synced').sort((a, b) => b.at - a.at);
  const dropped = synced.slice(keep).map((o) => o.key);
  for (const key of dropped) outcomes.delete(key);
  return dropped;
};
