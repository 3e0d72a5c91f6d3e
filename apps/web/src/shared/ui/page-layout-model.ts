/**
 * The generic page layout of 000 §2.3: a top header that fades in over the first 48 px of
 * scroll, and scroll positions stored and restored per page key. Pure parts first.
 */
export const HEADER_FADE_PX = 48;

/** Opacity of the fading header for a scroll offset: 0 at the top, 1 from 48 px on. */
export const headerOpacity = (scrollTop: number, fade = HEADER_FADE_PX): number => {
  if (!Number.isFinite(scrollTop) || scrollTop <= 0) return 0;
  return Math.min(1, Math.round((scrollTop / fade) * 100) / 100);
};

export const SCROLL_STORE_KEY = 'portal.scrollPositions';
/** a tab keeps the positions of its 50 most recent pages */
export const SCROLL_STORE_MAX = 50;

export type ScrollPositions = Record<string, number>;

/** The positions after saving `top` for `key` (newest last, oldest dropped beyond the cap). */
export const savePosition = (positions: ScrollPositions, key: string, top: number, max = SCROLL_STORE_MAX): ScrollPositions => {
  const rest = Object.entries(positions).filter(([k]) => k !== key);
  const next = [...rest, [key, Math.max(0, Math.round(top))] as const].slice(-max);
  return Object.fromEntries(next);
};

export const positionOf = (positions: ScrollPositions, key: string): number | undefined => {
  const value = positions[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

export const parsePositions = (raw: string | null | undefined): ScrollPositions => {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return {};
  }
};

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export const storeScrollPosition = (key: string, top: number): void => {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(SCROLL_STORE_KEY, JSON.stringify(savePosition(parsePositions(store.getItem(SCROLL_STORE_KEY)), key, top)));
  } catch {
    // quota or privacy mode: positions are not kept
  }
};

export const restoreScrollPosition = (key: string): number | undefined => positionOf(parsePositions(storage()?.getItem(SCROLL_STORE_KEY)), key);
