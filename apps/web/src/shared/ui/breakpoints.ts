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

const subscribe = (listener: () => void): (() => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};

/** The viewport width, re-read on resize (1280 outside the browser). */
export const useViewportWidth = (): number => useSyncExternalStore(subscribe, () => window.innerWidth, () => 1280);
