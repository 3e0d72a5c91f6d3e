import { beforeEach, describe, expect, it } from 'vitest';
import { badgeLabel } from './badge';
import {
  closeSupport,
  getShellState,
  openDrawer,
  openSearch,
  openSupport,
  pushRoute,
  resetShellState,
  resetUnseen,
  ROUTE_HISTORY_MAX,
  setInitialUnseen,
  setNavbarOpen,
  setUnseenFromRealtime,
} from './shell-store';

describe('shell state', () => {
  beforeEach(() => resetShellState());

  it('keeps the route history without repeats in a row, at most 20', () => {
    expect(pushRoute(['/home'], '/home')).toEqual(['/home']);
    expect(pushRoute(['/home'], '/feed')).toEqual(['/home', '/feed']);
    const long = Array.from({ length: 30 }, (_, i) => `/p${i}`);
    expect(long.reduce<string[]>((h, p) => pushRoute(h, p), [])).toHaveLength(ROUTE_HISTORY_MAX);
  });

  it('opening a drawer or a dialog closes the mobile menu (000 §2.5)', () => {
    setNavbarOpen(true);
    openDrawer('apps');
    expect(getShellState()).toMatchObject({ navbarOpen: false, drawer: 'apps' });
    setNavbarOpen(true);
    openSupport({ subject: 'CTBCast' });
    expect(getShellState()).toMatchObject({ navbarOpen: false, supportOpen: true, supportPayload: { subject: 'CTBCast' } });
    closeSupport();
    expect(getShellState()).toMatchObject({ supportOpen: false, supportPayload: null });
    setNavbarOpen(true);
    openSearch();
    expect(getShellState()).toMatchObject({ navbarOpen: false, searchOpen: true });
  });

  it('the realtime count wins over the count read at start', () => {
    setInitialUnseen(3);
    expect(getShellState().unseenCount).toBe(3);
    setUnseenFromRealtime(120);
    setInitialUnseen(1);
    expect(getShellState().unseenCount).toBe(120);
    resetUnseen();
    expect(getShellState().unseenCount).toBe(0);
    setUnseenFromRealtime(-4);
    expect(getShellState().unseenCount).toBe(0);
  });

  it('badge: the count, "99+" above 99, nothing at 0 (000 §2.6, §9)', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(-1)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(5000)).toBe('99+');
    expect(badgeLabel(Number.NaN)).toBeNull();
  });
});
