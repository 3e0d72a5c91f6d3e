import type { ContentStatus } from './http.js';

/**
 * What the progress of one learner on one content entry says of it (000 §4.1): completed once
 * completed; started with any percent, seconds or views ("started: any percent, seconds or
 * views"); else initial. The one rule (ADR 0081, ADR 0088): `contentStatusOf` below adds the lock
 * and the progress; learning's screens and assessment's recommendations both show it.
 */
export type ProgressStatus = 'initial' | 'started' | 'completed';

/** What the rule needs of an entry state. */
export interface EntryProgress {
  completedCount: number;
  viewsCount: number;
  seconds: number;
  percent: number;
}

export function progressStatusOf(state: EntryProgress | null | undefined): ProgressStatus {
  if (!state) return 'initial';
  if (state.completedCount > 0) return 'completed';
  return state.viewsCount > 0 || state.seconds > 0 || state.percent > 0 ? 'started' : 'initial';
}

/** What the content status needs of an entry state. */
export interface EntryStatusInput extends EntryProgress {
  duration: number;
}

const COLOR_OF = { initial: null, started: 'orange', completed: 'green' } as const;

/** 000 §4.1: disabled (locked) wins; else the progress rule (progressStatusOf: completed, started with any percent, seconds or views, initial). */
export function contentStatusOf(state: EntryStatusInput | null, locked: boolean): { status: ContentStatus; color: 'orange' | 'green' | 'gray' | null; progress: number } {
  const progress = state ? Math.round(Math.min(1, Math.max(0, state.percent)) * 100) : 0;
  if (locked) return { status: 'disabled', color: 'gray', progress };
  const status = progressStatusOf(state);
  return { status, color: COLOR_OF[status], progress };
}
