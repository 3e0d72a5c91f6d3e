/**
 * A debounce with an optional maximum wait (000 §4.9: the local search waits 500 ms after the
 * last keystroke but never more than 1000 ms while typing goes on). Timers are injected so the
 * rule is unit tested.
 */
export interface DebounceTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: DebounceTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
  flush(): void;
}

export const debounce = <A extends unknown[]>(fn: (...args: A) => void, wait: number, options: { maxWait?: number; timers?: DebounceTimers } = {}): Debounced<A> => {
  const timers = options.timers ?? realTimers;
  let timer: unknown = null;
  let firstCallAt: number | null = null;
  let lastArgs: A | null = null;

  const invoke = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    firstCallAt = null;
    const args = lastArgs;
    lastArgs = null;
    if (args) fn(...args);
  };

  const debounced = (...args: A) => {
    lastArgs = args;
    const now = timers.now();
    if (firstCallAt === null) firstCallAt = now;
    if (timer !== null) timers.clearTimeout(timer);
    let delay = wait;
    if (options.maxWait !== undefined) delay = Math.max(0, Math.min(wait, firstCallAt + options.maxWait - now));
    timer = timers.setTimeout(invoke, delay);
  };
  debounced.cancel = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    firstCallAt = null;
    lastArgs = null;
  };
  debounced.flush = () => {
    if (timer !== null) invoke();
  };
  return debounced;
};
