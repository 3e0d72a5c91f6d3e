import { START, type ReadAllOptions, type ReadAllResult, type SubscribeOptions, type Subscription } from './port.js';

export interface PollingSource {
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  onAppended(listener: () => void): () => void;
}

/**
 * Tails readAll from a checkpoint. Appends wake it at once; the poll interval only covers wake-ups
 * that never arrive (another process without LISTEN, a lost notification). Correctness never
 * depends on a wake-up: every pass reads from the checkpoint, so events are delivered in order and
 * once, except that a failed batch is retried (see SubscribeOptions.onError).
 */
export function startPollingSubscription(source: PollingSource, options: SubscribeOptions, pollIntervalMs: number): Subscription {
  const limit = options.batchSize ?? 500;
  const report = options.onError ?? ((error: unknown) => console.error('event store subscription failed, retrying', error));
  let checkpoint = options.from ?? START;
  let stopped = false;
  // set by a wake-up that arrives while a read is in flight, so the loop does not go to sleep on it
  let pending = false;
  let wake: (() => void) | null = null;

  const unlisten = source.onAppended(() => {
    pending = true;
    wake?.();
  });

  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    while (!stopped) {
      pending = false;
      try {
        const batch = await source.readAll({ after: checkpoint, limit, ...(options.types ? { types: options.types } : {}) });
        if (batch.events.length > 0) {
          await options.handler(batch.events);
          checkpoint = batch.checkpoint;
          continue;
        }
      } catch (error) {
        if (stopped) break;
        report(error);
        await sleep();
        continue;
      }
      if (!pending && !stopped) await sleep();
    }
  })();

  return {
    async stop() {
      stopped = true;
      unlisten();
      wake?.();
      await loop;
    },
  };
}

/**
 * What both adapters keep for their live side: the onAppended listeners, told of appends (this
 * process's with their event types, other processes' without), and the polling subscriptions,
 * stopped on close. `ensureLive` starts the adapter's cross-process wake-up (LISTEN, a $all
 * subscription) the first time someone listens.
 */
export function createAppendListeners(source: Pick<PollingSource, 'readAll'>, ensureLive: () => void, pollIntervalMs: number) {
  const listeners = new Set<(types?: readonly string[]) => void>();
  const subscriptions = new Set<Subscription>();
  let closed = false;
  const onAppended = (listener: (types?: readonly string[]) => void): (() => void) => {
    ensureLive();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get closed() {
      return closed;
    },
    fire(types?: readonly string[]): void {
      for (const listener of [...listeners]) {
        try {
          listener(types);
        } catch (error) {
          console.error('event store onAppended listener failed', error);
        }
      }
    },
    onAppended,
    subscribe(options: SubscribeOptions): Subscription {
      if (closed) throw new Error('event store is closed');
      const inner = startPollingSubscription({ readAll: (o) => source.readAll(o), onAppended }, options, pollIntervalMs);
      const subscription: Subscription = {
        async stop() {
          subscriptions.delete(subscription);
          await inner.stop();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },
    /** Marks the store closed (false when it already was). */
    close(): boolean {
      if (closed) return false;
      closed = true;
      return true;
    },
    /** Stops every subscription and forgets the listeners. */
    async stopAll(): Promise<void> {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      listeners.clear();
    },
  };
}
