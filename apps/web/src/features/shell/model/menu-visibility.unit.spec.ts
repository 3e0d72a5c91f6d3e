import { describe, expect, it } from 'vitest';
import { closesMenu, INITIAL_MENU_SCROLL, nextMenuScroll, SCROLL_THRESHOLD_PX } from './menu-visibility';

const scroll = (positions: number[], width = 390) => positions.reduce((state, y) => nextMenuScroll(state, y, width), INITIAL_MENU_SCROLL);

describe('side menu on small screens (000 §2.5)', () => {
  it('hides when scrolling down by 57 px or more', () => {
    expect(SCROLL_THRESHOLD_PX).toBe(57);
    expect(scroll([57]).visible).toBe(false);
    expect(scroll([300]).visible).toBe(false);
  });

  it('ignores changes under 57 px, in either direction', () => {
    expect(scroll([56]).visible).toBe(true);
    expect(scroll([300, 250]).visible).toBe(false);
    expect(scroll([300, 244]).visible).toBe(false);
  });

  it('shows when scrolling up by 57 px or more', () => {
    expect(scroll([300, 243]).visible).toBe(true);
    expect(scroll([600, 100]).visible).toBe(true);
  });

  it('measures from where it last changed, so slow scrolling still counts', () => {
    // 30 px steps: none alone passes the threshold, together they do
    expect(scroll([30, 60]).visible).toBe(false);
    expect(scroll([30, 60, 90, 120, 90, 60]).visible).toBe(true);
  });

  it('is always shown at the top', () => {
    expect(scroll([300, 0]).visible).toBe(true);
  });

  it('is always shown from 992 px on', () => {
    expect(scroll([300], 992).visible).toBe(true);
    expect(scroll([300], 1280).visible).toBe(true);
    expect(scroll([300], 991).visible).toBe(false);
  });

  it('closes on route change, item click and drawer open', () => {
    expect(closesMenu('route-change')).toBe(true);
    expect(closesMenu('item-click')).toBe(true);
    expect(closesMenu('drawer-open')).toBe(true);
  });
});
