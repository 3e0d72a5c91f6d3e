import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

describe('debounce with max wait (000 §4.9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, 500 ms after the last call, with the last arguments', () => {
    const fn = vi.fn();
    const run = debounce(fn, 500);
    run('a');
    vi.advanceTimersByTime(300);
    run('ab');
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('never waits more than 1000 ms while calls keep coming', () => {
    const fn = vi.fn();
    const run = debounce(fn, 500, { maxWait: 1000 });
    for (let t = 0; t < 1000; t += 200) {
      run(`q${t}`);
      vi.advanceTimersByTime(200);
    }
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('q800');
  });

  it('can be cancelled and flushed', () => {
    const fn = vi.fn();
    const run = debounce(fn, 300);
    run('x');
    run.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    run('y');
    run.flush();
    expect(fn).toHaveBeenCalledExactlyOnceWith('y');
  });
});
