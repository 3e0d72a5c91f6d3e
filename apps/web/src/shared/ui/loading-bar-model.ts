/**
 * The loading bar of 000 §4.10 / §9: it starts only when a load lasts longer than the 200 ms
 * throttle, fills over 5000 ms (never reaching the end on its own), jumps to the end when the
 * load finishes and hides 500 ms later. A controller over injected timers, so it is tested
 * without a DOM.
 */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;
export const LOADING_BAR_HIDE_DELAY_MS = 500;
/** how far the bar goes while the load is still running */
export const LOADING_BAR_MAX_RUNNING = 0.9;
const TICK_MS = 100;

export interface LoadingBarView {
  visible: boolean;
  /** 0..1 */
  progress: number;
}

export const HIDDEN: LoadingBarView = { visible: false, progress: 0 };

/** Progress after `elapsed` ms of a running load (eases towards 0.9 over the duration). */
export const runningProgress = (elapsed: number, duration = LOADING_BAR_DURATION_MS): number => {
  if (elapsed <= 0) return 0;
  const ratio = Math.min(1, elapsed / duration);
  return Math.round(LOADING_BAR_MAX_RUNNING * (1 - (1 - ratio) * (1 - ratio)) * 1000) / 1000;
};

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const browserTimers = (): Timers => ({
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
});

export interface LoadingBarController {
  start(): void;
  finish(): void;
  dispose(): void;
}

export const createLoadingBar = (onChange: (view: LoadingBarView) => void, timers: Timers = browserTimers()): LoadingBarController => {
  let throttle: unknown = null;
  let ticker: unknown = null;
  let hide: unknown = null;
  let startedAt = 0;
  let running = false;
  let shown = false;

  const clearAll = () => {
    if (throttle !== null) timers.clearTimeout(throttle);
    if (ticker !== null) timers.clearInterval(ticker);
    if (hide !== null) timers.clearTimeout(hide);
    throttle = ticker = hide = null;
  };

  return {
    start() {
      if (running) return;
      running = true;
      if (hide !== null) {
        // a new load while the finished bar fades: keep showing, start over
        timers.clearTimeout(hide);
        hide = null;
      }
      if (shown) {
        startedAt = timers.now();
        onChange({ visible: true, progress: 0 });
        ticker = timers.setInterval(() => onChange({ visible: true, progress: runningProgress(timers.now() - startedAt) }), TICK_MS);
        return;
      }
      throttle = timers.setTimeout(() => {
        throttle = null;
        shown = true;
        startedAt = timers.now();
        onChange({ visible: true, progress: 0 });
        ticker = timers.setInterval(() => onChange({ visible: true, progress: runningProgress(timers.now() - startedAt) }), TICK_MS);
      }, LOADING_BAR_THROTTLE_MS);
    },
    finish() {
      if (!running) return;
      running = false;
      if (!shown) {
        // finished within the throttle: the bar never showed
        clearAll();
        return;
      }
      if (ticker !== null) timers.clearInterval(ticker);
      ticker = null;
      onChange({ visible: true, progress: 1 });
      hide = timers.setTimeout(() => {
        hide = null;
        shown = false;
        onChange(HIDDEN);
      }, LOADING_BAR_HIDE_DELAY_MS);
    },
    dispose() {
      clearAll();
      running = false;
      shown = false;
    },
  };
};
