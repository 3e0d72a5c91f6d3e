import { afterEach, describe, expect, it, vi } from 'vitest';
import { decideToggle, decideToggles, overridesIn, resolveToggles, TOGGLE_NAMES, toggleOverride, toggleParam, toggleStorageKey, type Toggles } from './toggles';

const off: Toggles = { localSearch: false, notifications: false, scheduledEvents: false, scormTest: false, enableSearch: false };
const q = (query: string) => new URLSearchParams(query);

describe('feature toggles (000 §6)', () => {
  it('are the five toggles, each overridable by a toggle* parameter', () => {
    expect(TOGGLE_NAMES).toEqual(['localSearch', 'notifications', 'scheduledEvents', 'scormTest', 'enableSearch']);
    expect(TOGGLE_NAMES.map(toggleParam)).toEqual(['toggleLocalSearch', 'toggleNotifications', 'toggleScheduledEvents', 'toggleScormTest', 'toggleEnableSearch']);
  });

  it('reads true/false/1/0 in any case; anything else is no override', () => {
    expect(toggleOverride(q('toggleScormTest=true'), 'scormTest')).toBe(true);
    expect(toggleOverride(q('toggleScormTest=TRUE'), 'scormTest')).toBe(true);
    expect(toggleOverride(q('toggleScormTest=1'), 'scormTest')).toBe(true);
    expect(toggleOverride(q('toggleScormTest=false'), 'scormTest')).toBe(false);
    expect(toggleOverride(q('toggleScormTest=0'), 'scormTest')).toBe(false);
    expect(toggleOverride(q('toggleScormTest=yes'), 'scormTest')).toBeUndefined();
    expect(toggleOverride(q('toggleScormTest='), 'scormTest')).toBeUndefined();
    expect(toggleOverride(q('scormTest=true'), 'scormTest')).toBeUndefined();
  });

  it('URL override wins over the remembered one, which wins over configuration', () => {
    expect(decideToggle(false, true, false)).toBe(true);
    expect(decideToggle(true, false, true)).toBe(false);
    expect(decideToggle(false, undefined, true)).toBe(true);
    expect(decideToggle(true, undefined, undefined)).toBe(true);
    expect(decideToggle(false, undefined, undefined)).toBe(false);
  });

  it('decides all toggles at once', () => {
    expect(decideToggles({ ...off, notifications: true }, q('toggleScormTest=true&toggleNotifications=false'), { localSearch: true })).toEqual({
      ...off,
      scormTest: true,
      notifications: false,
      localSearch: true,
    });
    expect(overridesIn(q('toggleScormTest=true&toggleEnableSearch=0&x=1'))).toEqual({ scormTest: true, enableSearch: false });
  });

  describe('in a tab', () => {
    afterEach(() => vi.unstubAllGlobals());
    it('remembers an override for the tab', () => {
      const store = new Map<string, string>();
      vi.stubGlobal('sessionStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
      expect(resolveToggles(off, q('toggleScormTest=true')).scormTest).toBe(true);
      expect(store.get(toggleStorageKey('scormTest'))).toBe('true');
      expect(resolveToggles(off, q('')).scormTest).toBe(true);
      expect(resolveToggles(off, q('toggleScormTest=false')).scormTest).toBe(false);
      expect(resolveToggles({ ...off, scormTest: true }, q('')).scormTest).toBe(false);
    });
  });
});
