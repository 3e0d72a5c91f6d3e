import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, LOADING_BAR_DURATION_MS, LOADING_BAR_HIDE_DELAY_MS, LOADING_BAR_THROTTLE_MS, runningProgress, type LoadingBarView, type Timers } from './loading-bar-model';

const fakeTimers = (): Timers => ({
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
});

describe('loading bar (000 §4.10, §9)', () => {
  let views: LoadingBarView[];
  const last = () => views[views.length - 1];
  beforeEach(() => {
    vi.useFakeTimers();
    views = [];
  });
  afterEach(() => vi.useRealTimers());

  it('uses the constants of the spec', () => {
    expect([LOADING_BAR_THROTTLE_MS, LOADING_BAR_DURATION_MS, LOADING_BAR_HIDE_DELAY_MS]).toEqual([200, 5000, 500]);
  });

  it('never shows for a load shorter than the 200 ms throttle', () => {
    const bar = createLoadingBar((v) => views.push(v), fakeTimers());
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(2000);
    expect(views).toEqual([]);
  });

  it('shows after 200 ms, fills over 5000 ms without reaching the end, and hides 500 ms after finishing', () => {
    const bar = createLoadingBar((v) => views.push(v), fakeTimers());
    bar.start();
    vi.advanceTimersByTime(200);
    expect(last()).toEqual({ visible: true, progress: 0 });
    vi.advanceTimersByTime(2500);
    expect(last()!.progress).toBeGreaterThan(0.5);
    vi.advanceTimersByTime(10_000);
    expect(last()!.progress).toBeLessThan(1);
    bar.finish();
    expect(last()).toEqual({ visible: true, progress: 1 });
    vi.advanceTimersByTime(499);
    expect(last()!.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: false, progress: 0 });
  });

  it('a new load while the finished bar fades keeps it visible and starts over', () => {
    const bar = createLoadingBar((v) => views.push(v), fakeTimers());
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    vi.advanceTimersByTime(100);
    bar.start();
    expect(last()).toEqual({ visible: true, progress: 0 });
    vi.advanceTimersByTime(1000);
    expect(last()!.visible).toBe(true);
  });

  it('progress eases towards 90 % over the duration', () => {
    expect(runningProgress(0)).toBe(0);
    expect(runningProgress(2500)).toBeCloseTo(0.675, 3);
    expect(runningProgress(5000)).toBe(0.9);
    expect(runningProgress(50_000)).toBe(0.9);
  });
});
