import type { ContentStatus } from '@portal/learning/contracts/http';

/** Mantine colour of a content status (000 §4.1): new blue, started orange, completed green, disabled gray. */
export const STATUS_COLOURS = {
  initial: 'blue',
  started: 'orange',
  completed: 'green',
  disabled: 'gray',
} as const satisfies Record<ContentStatus, string>;

export type StatusColour = (typeof STATUS_COLOURS)[ContentStatus];

/**
 * The colour to show: the server's statusColor when it sends one (orange, green, gray),
 * else the status's own (initial has no server colour: it is tagged "new").
 */
export const statusColour = (status: ContentStatus, serverColour?: 'orange' | 'green' | 'gray' | null): StatusColour =>
  serverColour ?? STATUS_COLOURS[status];

/** Progress percent shown rounded without decimals (000 §9), kept within 0..100. */
export const roundPercent = (percent: number): number => {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
};

/** An entry state's 0..1 fraction as a whole percent. */
export const percentOfFraction = (fraction: number | null | undefined): number => roundPercent((fraction ?? 0) * 100);

/** mm:ss (or h:mm:ss) for a duration in seconds; empty for documents and links (0). */
export const formatDuration = (seconds: number): string => {
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
};

/**
 * The badge above a station's progress bar (issue 26, ADR 0082): "all contents completed" only
 * when the bar says so (the station and every part of it); when only this page's own videos are
 * watched (videosCompletedAt) while the rest is open, a badge that says just that; else none.
 */
export const completionBadge = (videosCompletedAt: string | null | undefined, progress: { status: string }): 'all' | 'pageVideos' | null =>
  progress.status === 'completed' ? 'all' : videosCompletedAt ? 'pageVideos' : null;
