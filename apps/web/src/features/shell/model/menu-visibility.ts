import { LARGE_WIDTH } from '../../../shared/ui/breakpoints';

/**
 * The side menu on small screens (000 §2.5, §9): it hides when the page scrolls down and shows
 * when it scrolls up, ignoring changes under 57 px; from 992 px on it is always shown.
 */
export const SCROLL_THRESHOLD_PX = 57;

export interface MenuScrollState {
  visible: boolean;
  /** the scroll offset the last decision was taken at */
  anchor: number;
}

export const INITIAL_MENU_SCROLL: MenuScrollState = { visible: true, anchor: 0 };

export const nextMenuScroll = (state: MenuScrollState, scrollY: number, width: number, threshold = SCROLL_THRESHOLD_PX): MenuScrollState => {
  const y = Math.max(0, scrollY);
  if (width >= LARGE_WIDTH) return { visible: true, anchor: y };
  // back at the top: always shown
  if (y === 0) return { visible: true, anchor: 0 };
  const delta = y - state.anchor;
  if (Math.abs(delta) < threshold) return state;
  return { visible: delta < 0, anchor: y };
};

/** The mobile menu closes on a route change, an item click and a drawer opening (000 §2.5). */
export type MenuCloseReason = 'route-change' | 'item-click' | 'drawer-open';
export const closesMenu = (reason: MenuCloseReason): boolean => reason === 'route-change' || reason === 'item-click' || reason === 'drawer-open';
