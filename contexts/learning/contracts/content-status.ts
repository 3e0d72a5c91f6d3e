/**
 * What the progress of one learner on one content entry says of it (000 §4.1): completed once
 * completed; started with any percent, seconds or views ("started: any percent, seconds or
 * views"); else initial. The one rule: learning's content status (which adds the lock) and the
 * recommendations' status (projections/recommendations) both call it (ADR 0081).
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
