import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKING_DIALOG_KEY, claimBlockingDialog, mayBlock } from './blocking-dialog';

/** At most one blocking dialog per visit (issue 26, ADR 0082). */
describe('the one blocking dialog of a visit', () => {
  const store = new Map<string, string>();
  const global = globalThis as { sessionStorage?: unknown };
  // a tab's sessionStorage, for this file only (the unit tier shares its globals)
  beforeAll(() => {
    global.sessionStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
  });
  afterAll(() => delete global.sessionStorage);
  afterEach(() => store.clear());

  it('goes to the first dialog that wants it; the others wait, the first may show again (a reload, a later page of the visit)', () => {
    expect(mayBlock(null, 'home-alert')).toBe(true);
    expect(claimBlockingDialog('home-alert')).toBe(true);
    expect(store.get(BLOCKING_DIALOG_KEY)).toBe('home-alert');
    expect(claimBlockingDialog('home-video')).toBe(false);
    expect(claimBlockingDialog('welcome-university')).toBe(false);
    expect(claimBlockingDialog('welcome-journey')).toBe(false);
    expect(claimBlockingDialog('home-alert')).toBe(true);
    expect(store.get(BLOCKING_DIALOG_KEY)).toBe('home-alert');
  });

  it('a new visit (a new tab session) starts with none given', () => {
    claimBlockingDialog('welcome-journey');
    store.clear();
    expect(claimBlockingDialog('home-video')).toBe(true);
  });
});
