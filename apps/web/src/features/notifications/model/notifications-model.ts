import type { Locale } from '@portal/kernel';
import { pickText, type LocalizedText } from '../../../shared/ui/shell/localized';

/**
 * Notifications (000 §4.6): the sidebar lists recommended content whose showInNotification is
 * true, whose status is initial and that this browser has not marked read, newest first, at
 * most 10. Messages are a queue shown one at a time.
 */
export const NOTIFICATION_LIST_MAX = 10;
export const SIDEBAR_WIDTH_PX = 450;

/** A media recommendation as the sidebar needs it (from recommendations or known content). */
export interface NotificationSource {
  rowId: string;
  contentTitle: LocalizedText;
  stationTitle: LocalizedText;
  showInNotification: boolean;
  contentStatus: string;
  mediaUpdatedAt: string | null;
  thumbSrc: string | null;
  to: string;
}

export interface NotificationItem {
  rowId: string;
  title: string;
  stationTitle: string;
  mediaUpdatedAt: string | null;
  thumbSrc: string | null;
  to: string;
}

/** Whether an item may notify: flagged for notifications and not started yet. */
export const isNotifiable = (item: Pick<NotificationSource, 'showInNotification' | 'contentStatus'>): boolean => item.showInNotification && item.contentStatus === 'initial';

/** Every notifiable row, recommendations first then known content, each row once. */
export const notificationCandidates = (...sources: readonly (readonly NotificationSource[])[]): NotificationSource[] => {
  const seen = new Set<string>();
  const out: NotificationSource[] = [];
  for (const source of sources) {
    for (const item of source) {
      if (!isNotifiable(item) || seen.has(item.rowId)) continue;
      seen.add(item.rowId);
      out.push(item);
    }
  }
  return out;
};

const time = (value: string | null): number => {
  const t = value ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** The sidebar: not read locally, by mediaUpdatedAt descending, at most 10. */
export const sidebarItems = (candidates: readonly NotificationSource[], readLocally: ReadonlySet<string>, locale: Locale, max = NOTIFICATION_LIST_MAX): NotificationItem[] =>
  candidates
    .filter((item) => isNotifiable(item) && !readLocally.has(item.rowId))
    .sort((a, b) => time(b.mediaUpdatedAt) - time(a.mediaUpdatedAt) || a.rowId.localeCompare(b.rowId))
    .slice(0, max)
    .map((item) => ({
      rowId: item.rowId,
      title: pickText(item.contentTitle, locale),
      stationTitle: pickText(item.stationTitle, locale),
      mediaUpdatedAt: item.mediaUpdatedAt,
      thumbSrc: item.thumbSrc,
      to: item.to,
    }));

// ---- read locally ----------------------------------------------------------------------------

export const readStorageKey = (userId: string): string => `portal.notifications.read.${userId}`;
/** a browser remembers at most this many read rows per user */
export const READ_MAX = 500;

export const parseReadIds = (raw: string | null | undefined): Set<string> => {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
};

export const withRead = (ids: ReadonlySet<string>, rowId: string, max = READ_MAX): string[] => [...[...ids].filter((id) => id !== rowId), rowId].slice(-max);

// ---- messages ----------------------------------------------------------------------------------

export interface QueuedMessage {
  id: string;
}

/** The message to show: the first of the queue not shown in this page yet (closing shows the next). */
export const nextMessage = <M extends QueuedMessage>(queue: readonly M[], shown: ReadonlySet<string>): M | null => queue.find((m) => !shown.has(m.id)) ?? null;

/** displayViewConfig.size -> the modal's size. */
export const modalSize = (size: 'small' | 'medium' | 'large'): 'sm' | 'lg' | 'xl' => (size === 'small' ? 'sm' : size === 'large' ? 'xl' : 'lg');
