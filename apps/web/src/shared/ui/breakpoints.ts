import { useSyncExternalStore } from 'react';

/** 000 §9 breakpoints in px: xs 576, sm 768, md 992, lg 1200. */
export const BREAKPOINTS = { xs: 576, sm: 768, md: 992, lg: 1200 } as const;

/** Above this width the side menu is always shown (000 §2.5, §9 "large width 992 px"). */
export const LARGE_WIDTH = BREAKPOINTS.md;

export type Device = 'desktop' | 'tablet' | 'mobile';

/** 000 §9: the lg breakpoint and up is desktop, md tablet, anything smaller mobile. */
export const deviceFor = (width: number): Device => (width >= BREAKPOINTS.lg ? 'desktop' : width >= BREAKPOINTS.md ? 'tablet' : 'mobile');

/** Whether the side menu is docked (always shown) at this width. */
export const isLargeWidth = (width: number): boolean => width >= LARGE_WIDTH;

// Reading window.innerWidth can force a style and layout pass; React reads a store's snapshot
// on every render of every reader, so the width is read once and again only on resize.
const listeners = new Set<() => void>();
let width: number | null = null;

const onResize = (): void => {
  width = window.innerWidth;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  if (listeners.size === 0) window.addEventListener('resize', onResize);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('resize', onResize);
  };
};

/** Kept current by the resize listener while anyone reads it; read afresh otherwise. */
const snapshot = (): number => {
  if (width === null || listeners.size === 0) width = window.innerWidth;
  return width;
};

/** The viewport width, re-read on resize (1280 outside the browser). */
export const useViewportWidth = (): number => useSyncExternalStore(subscribe, snapshot, () => 1280);
