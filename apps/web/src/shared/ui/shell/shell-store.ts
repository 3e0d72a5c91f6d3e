import { useEffect, useSyncExternalStore } from 'react';

/**
 * The shell's UI flags of 000 §3 "root state" (navbarIsOpen, showSupportDialog,
 * showSearchDialog, showNps, headerTitle, routeHistory...) as one small external store, so
 * features that must not import each other (search, support, notifications, realtime, the
 * menus) meet here: one opens the support dialog, another renders it.
 */
export interface SupportPayload {
  subject?: string;
  title?: string;
  message?: string;
}

export type ShellDrawer = 'apps' | 'nps' | 'notifications' | null;

export interface ShellState {
  /** the mobile side menu (000 §2.5) */
  navbarOpen: boolean;
  /** the right-hand drawer that is open, if any (apps, NPS panel, notifications) */
  drawer: ShellDrawer;
  supportOpen: boolean;
  /** what the support dialog opens with (000 §4.7 "initial payload") */
  supportPayload: SupportPayload | null;
  searchOpen: boolean;
  /** title a screen asks the main header to show (000 §2.8), else null */
  headerTitle: string | null;
  /** unseen notifications (000 §4.6): from the realtime stream or the not-viewed call */
  unseenCount: number;
  /** the realtime stream has told the count: it wins over the count read at start */
  unseenFromRealtime: boolean;
  /** paths visited in this tab, newest last (000 §3 routeHistory), at most 20 */
  routeHistory: string[];
  /** the feedback prompt (000 §2.10) */
  feedbackOpen: boolean;
  /** where the layout's own menus and header already link to: a screen's toolbar leaves these out (one entry per destination, issue 26) */
  chromeLinks: readonly string[];
}

const initialState: ShellState = {
  navbarOpen: false,
  drawer: null,
  supportOpen: false,
  supportPayload: null,
  searchOpen: false,
  headerTitle: null,
  unseenCount: 0,
  unseenFromRealtime: false,
  routeHistory: [],
  feedbackOpen: false,
  chromeLinks: [],
};

let state: ShellState = initialState;
const listeners = new Set<() => void>();

export const getShellState = (): ShellState => state;

export const setShellState = (patch: Partial<ShellState> | ((current: ShellState) => Partial<ShellState>)): void => {
  const next = typeof patch === 'function' ? patch(state) : patch;
  const changed = (Object.keys(next) as (keyof ShellState)[]).some((key) => next[key] !== state[key]);
  if (!changed) return;
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

export const subscribeShell = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Test helper and sign-out: back to the first state. */
export const resetShellState = (): void => {
  state = initialState;
  for (const listener of listeners) listener();
};

/** A slice of the shell state; re-renders when that slice changes. */
export const useShellState = <T>(select: (current: ShellState) => T): T =>
  useSyncExternalStore(subscribeShell, () => select(state), () => select(initialState));

export const ROUTE_HISTORY_MAX = 20;

/** The history after visiting `path` (a repeated path is not added twice in a row). */
export const pushRoute = (history: readonly string[], path: string): string[] => {
  if (history[history.length - 1] === path) return [...history];
  return [...history, path].slice(-ROUTE_HISTORY_MAX);
};

// ---- actions the features call ---------------------------------------------------------------

/** Opening a drawer closes the mobile menu (000 §2.5). */
export const openDrawer = (drawer: Exclude<ShellDrawer, null>): void => setShellState({ drawer, navbarOpen: false });
export const closeDrawer = (): void => setShellState({ drawer: null });
export const openSupport = (payload: SupportPayload | null = null): void => setShellState({ supportOpen: true, supportPayload: payload, navbarOpen: false });
export const closeSupport = (): void => setShellState({ supportOpen: false, supportPayload: null });
export const openSearch = (): void => setShellState({ searchOpen: true, navbarOpen: false });
export const closeSearch = (): void => setShellState({ searchOpen: false });
export const setNavbarOpen = (navbarOpen: boolean): void => setShellState({ navbarOpen });
const cleanCount = (count: number): number => (Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0);
/** The count the realtime stream publishes (000 §4.6). */
export const setUnseenFromRealtime = (count: number): void => setShellState({ unseenCount: cleanCount(count), unseenFromRealtime: true });
/** The count read when the page starts; ignored once the stream has spoken. */
export const setInitialUnseen = (count: number): void => setShellState((s) => (s.unseenFromRealtime ? {} : { unseenCount: cleanCount(count) }));
/** Opening the sidebar resets the count (the server confirms over the stream). */
export const resetUnseen = (): void => setShellState({ unseenCount: 0 });
export const setHeaderTitle = (headerTitle: string | null): void => setShellState({ headerTitle });

/** The layout's menus and header link to these (the side menu's items, a header's home); [] when they go away. */
export const useChromeLinks = (links: readonly string[]): void => {
  const key = links.join('\n');
  useEffect(() => {
    setShellState({ chromeLinks: key ? key.split('\n') : [] });
    return () => setShellState({ chromeLinks: [] });
  }, [key]);
};

// ---- events between features -----------------------------------------------------------------

/** What the realtime stream tells the rest of the shell (000 §7 "realtime listener"). */
export type ShellEvent =
  | { type: 'recommendations' }
  | { type: 'version'; version: string }
  /** a staff check-in screen's event: the counts after a check-in or check-out (ADR 0060) */
  | { type: 'events.presence'; eventId: string; checkedIn: number; checkedOut: number }
  /** an expert answered one of the learner's questions (ADR 0072) */
  | { type: 'expert.answered'; questionId: string; title: string; position: string }
  /** a question arrived in one of an expert's themes (ADR 0072) */
  | { type: 'expert.queue'; questionId: string; position: string };
type EventListener = (event: ShellEvent) => void;
const eventListeners = new Set<EventListener>();

export const emitShellEvent = (event: ShellEvent): void => {
  for (const listener of eventListeners) listener(event);
};

export const onShellEvent = (listener: EventListener): (() => void) => {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
};
