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
