import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, mayReloadForChunkError, reloadAfterChunkError } from './chunk-reload';

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports of the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/home-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('mayReloadForChunkError', () => {
  it('allows the first reload and one per minute after it', () => {
    expect(mayReloadForChunkError(1_000_000, null)).toBe(true);
    expect(mayReloadForChunkError(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(mayReloadForChunkError(1_000_000, 1_000_000 - 60_000)).toBe(true);
  });

  it('allows a reload when the stored time is garbage or in the future (clock change)', () => {
    expect(mayReloadForChunkError(1_000_000, Number.NaN)).toBe(true);
    expect(mayReloadForChunkError(1_000_000, 2_000_000)).toBe(true);
  });
});

describe('reloadAfterChunkError', () => {
  const memoryStorage = (initial: Record<string, string> = {}) => {
    const data = new Map(Object.entries(initial));
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
  };

  it('reloads once and stores the time', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError({ now: () => 5_000_000, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe('5000000');
    expect(reloadAfterChunkError({ now: () => 5_030_000, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError({ now: () => 5_060_000, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload without storage', () => {
    const reload = vi.fn();
    expect(reloadAfterChunkError({ now: () => 1, storage: undefined, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
