import { describe, expect, it } from 'vitest';
import { REFRESH_MIN_DELAY_MS, refreshDelayMs, shouldRefreshNow } from './refresh-timing';

describe('refreshDelayMs', () => {
  it('renews a 15-minute token one minute before it expires', () => {
    expect(refreshDelayMs(15 * 60)).toBe(14 * 60_000);
  });

  it('renews a short token a fifth of its life early', () => {
    expect(refreshDelayMs(100)).toBe(80_000);
  });

  it('never schedules faster than the minimum delay', () => {
    expect(refreshDelayMs(3)).toBe(REFRESH_MIN_DELAY_MS);
    expect(refreshDelayMs(0)).toBe(REFRESH_MIN_DELAY_MS);
    expect(refreshDelayMs(-10)).toBe(REFRESH_MIN_DELAY_MS);
  });
});

describe('shouldRefreshNow', () => {
  it('is true within the last minute or after expiry', () => {
    expect(shouldRefreshNow(1_000_000, 1_000_000 - 60_000)).toBe(true);
    expect(shouldRefreshNow(1_000_000, 1_000_001)).toBe(true);
    expect(shouldRefreshNow(1_000_000, 1_000_000 - 60_001)).toBe(false);
  });
});
