import type { LogAudit, SealWitness, SealedCheckpoint } from './log-audit.js';
import type { EventStore } from './port.js';
import type { LogSigner } from './signing.js';

export interface LogSealingOptions {
  signer: LogSigner;
  /** Seal whatever is pending this often (ms). */
  intervalMs: number;
  /** Seal early once about this many events are pending (checked at most once a second after appends). */
  maxPendingEvents: number;
  /** Most events in one checkpoint. */
  maxEvents?: number;
  witness?: SealWitness;
  log?: (level: 'info' | 'error', message: string) => void;
}

export interface LogSealing {
  /** Seals now (after a run in progress, if any). */
  sealNow(): Promise<SealedCheckpoint[]>;
  stop(): Promise<void>;
}

/**
 * The API's background job that seals the log (ADR 0030): every `intervalMs`, and sooner when
 * appends pile up. Runs never overlap in a process; across processes the seal's advisory lock lets
 * one of them work and the others skip. A failed run is logged and retried on the next tick, so a
 * lost connection costs one run.
 */
export function startLogSealing(audit: LogAudit, store: Pick<EventStore, 'onAppended'>, options: LogSealingOptions): LogSealing {
  const log = options.log ?? ((level, message) => (level === 'error' ? console.error(message) : undefined));
  let stopped = false;
  let running: Promise<SealedCheckpoint[]> | null = null;
  let again = false;
  let checkSoon = () => {};

  const runOnce = async (): Promise<SealedCheckpoint[]> => {
    try {
      const sealed = await audit.seal({ signer: options.signer, ...(options.maxEvents ? { maxEvents: options.maxEvents } : {}), ...(options.witness ? { witness: options.witness } : {}) });
      const last = sealed.at(-1);
      if (last) log('info', `log sealed up to checkpoint ${last.number} (${sealed.reduce((sum, c) => sum + c.events, 0)} events, digest ${last.digest})`);
      return sealed;
    } catch (error) {
      log('error', `log sealing failed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  };
  const sealNow = (): Promise<SealedCheckpoint[]> => {
    if (running) {
      // the run in progress goes round once more, so it also covers what was appended meanwhile
      again = true;
      return running;
    }
    running = (async () => {
      let sealed: SealedCheckpoint[] = [];
      do {
        again = false;
        sealed = sealed.concat(await runOnce());
      } while (again && !stopped);
      return sealed;
    })().finally(() => {
      running = null;
      checkSoon();
    });
    return running;
  };

  const timer = setInterval(() => void sealNow(), options.intervalMs);
  timer.unref();

  // After appends (and after a run, which may have found the newest events not yet visible to
  // readers): count what is pending a second later and seal if it is enough.
  let checkScheduled: NodeJS.Timeout | null = null;
  checkSoon = () => {
    if (checkScheduled || stopped) return;
    checkScheduled = setTimeout(() => {
      checkScheduled = null;
      if (stopped || running) return;
      audit.unsealedEstimate().then(
        (pending) => {
          if (pending >= options.maxPendingEvents && !stopped) void sealNow();
        },
        (error: unknown) => log('error', `log sealing: counting unsealed events failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, 1000);
    checkScheduled.unref();
  };
  const unsubscribe = store.onAppended(() => checkSoon());

  return {
    sealNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (checkScheduled) clearTimeout(checkScheduled);
      unsubscribe();
      await running;
    },
  };
}
