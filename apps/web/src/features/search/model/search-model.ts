import type { FeedItem } from '@portal/learning/contracts/http';
import type { Locale } from '@portal/kernel';
import { pickText } from '../../../shared/ui/shell/localized';

/**
 * The search of 000 §4.9, §5, §6: local (fuse.js over the learner's known content) or remote
 * (GET /api/search-api, results kept only when they are known content), Brazil users only
 * with enableSearch.
 */
export const REMOTE_DEBOUNCE_MS = 300;
export const LOCAL_DEBOUNCE_MS = 500;
export const LOCAL_MAX_WAIT_MS = 1000;
export const MIN_MATCH_CHARS = 3;

/** 000 §3 media recommendation / search item, in the current language. */
export interface SearchItem {
  rowId: string;
  contentTitle: string;
  stationTitle: string;
  cropTitle: string;
  searchKeywords: string;
  to: string;
  contentType: FeedItem['contentType'];
}

export const toSearchItem = (item: FeedItem, locale: Locale): SearchItem => ({
  rowId: item.rowId,
  contentTitle: pickText(item.contentTitle, locale),
  stationTitle: pickText(item.stationTitle, locale),
  cropTitle: pickText(item.cropTitle, locale),
  searchKeywords: pickText(item.searchKeywords, locale),
  to: item.to,
  contentType: item.contentType,
});

/** Locked content is not offered (it cannot be opened). */
export const searchableItems = (items: readonly FeedItem[], locale: Locale): SearchItem[] => items.filter((i) => !i.disabled).map((i) => toSearchItem(i, locale));

export type SearchMode = 'off' | 'local' | 'remote';

/** Search is for Brazil users with enableSearch; localSearch picks fuse.js over the remote index. */
export const searchMode = (country: string | null | undefined, toggles: { enableSearch: boolean; localSearch: boolean }): SearchMode => {
  if (country !== 'BR' || !toggles.enableSearch) return 'off';
  return toggles.localSearch ? 'local' : 'remote';
};

export interface RemoteResult {
  title: string;
  description: string;
  url: string;
  objectID: string;
}

/** Remote results kept only when their objectID is known content; shown with the known item's link. */
export const keepKnown = (results: readonly RemoteResult[], known: readonly SearchItem[]): SearchItem[] => {
  const byId = new Map(known.map((item) => [item.rowId, item]));
  const seen = new Set<string>();
  const out: SearchItem[] = [];
  for (const result of results) {
    const item = byId.get(result.objectID);
    if (!item || seen.has(item.rowId)) continue;
    seen.add(item.rowId);
    out.push(item);
  }
  return out;
};

/** Arrow keys move the active result, wrapping around; no results: none active. */
export const moveActive = (active: number, delta: number, length: number): number => {
  if (length <= 0) return -1;
  if (active < 0) return delta > 0 ? 0 : length - 1;
  return (((active + delta) % length) + length) % length;
};

/** "/" opens the search unless the user is typing somewhere. */
export const isTypingTarget = (target: { tagName?: string; isContentEditable?: boolean } | null): boolean => {
  if (!target) return false;
  const tag = (target.tagName ?? '').toUpperCase();
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable === true;
};
