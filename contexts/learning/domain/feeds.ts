import type { EntryType } from '../contracts/pack.js';
import { LEARNER_PLAYLISTS, type Playlist } from '../contracts/http.js';

/**
 * The playlists of 000 §4.12 with their limits and orderings, over candidates the application
 * builds from the catalogue and one learner's feed rows. Ties break on the entry id so pages
 * are stable (ADR 0023).
 */
export const PAGE_SIZES: Partial<Record<Playlist, number>> = { continue: 8, feedbacks: 8 };
export const DEFAULT_AREA = 'default';
export const PODCAST_TYPES: EntryType[] = ['podcast', 'audio', 'video'];

export interface FeedState {
  lastPlayAt: string | null;
  lastViewAt: string | null;
  lastVisitAt: string | null;
  bookmarkAt: string | null;
  feedbackScore: number | null;
  feedbackAt: string | null;
  completedCount: number;
  percent: number;
  updatedAt: string | null;
}

export interface FeedCandidate {
  entryId: string;
  contentType: EntryType;
  areas: readonly string[];
  mediaUpdatedAt: string;
  /** position in the catalogue (station listing order, then entry display order) */
  catalogueIndex: number;
  state: FeedState | null;
  /** 0..100 */
  progress: number;
}

/** Newest first; absent values last. */
const desc = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? 1 : -1);
/** Code-unit order: stable pages without the cost of a locale-aware comparison per pair. */
const tie = (a: FeedCandidate, b: FeedCandidate) => (a.entryId === b.entryId ? 0 : a.entryId < b.entryId ? -1 : 1);
/** An entry without areas belongs to the default area. */
export const inArea = (c: FeedCandidate, area: string): boolean => (c.areas.length === 0 ? area === DEFAULT_AREA : c.areas.includes(area));

/** The learner's own records: the given area, else every area. */
export const inLearnerArea =
  (area: string | undefined) =>
  (c: FeedCandidate): boolean =>
    area === undefined || inArea(c, area);

/** The catalogue: the given area, else the default area. */
export const inCatalogueArea =
  (area: string | undefined) =>
  (c: FeedCandidate): boolean =>
    inArea(c, area ?? DEFAULT_AREA);

/** Without an area: every area for the learner's playlists, the default area for the catalogue's (issue 13). */
export const inPlaylistArea = (playlist: Playlist, area: string | undefined): ((c: FeedCandidate) => boolean) =>
  LEARNER_PLAYLISTS.includes(playlist) ? inLearnerArea(area) : inCatalogueArea(area);

/** history and the calendar group: the last play (a document's last view) */
export const lastActivityOf = (s: FeedState): string | null => s.lastPlayAt ?? s.lastViewAt;

export function selectPlaylist(
  playlist: Playlist,
  all: readonly FeedCandidate[],
  options: { area?: string | undefined; offset?: number; limit?: number | undefined } = {},
): { items: FeedCandidate[]; total: number; nextOffset: number | null } {
  const candidates = all.filter(inPlaylistArea(playlist, options.area));
  let chosen: FeedCandidate[];
  switch (playlist) {
    case 'continue':
      chosen = candidates
        .filter((c) => c.state !== null && c.progress > 1 && c.progress < 100)
        .sort((a, b) => desc(a.state!.lastVisitAt, b.state!.lastVisitAt) || desc(a.state!.lastPlayAt, b.state!.lastPlayAt) || b.state!.completedCount - a.state!.completedCount || tie(a, b));
      break;
    case 'bookmarks':
      chosen = candidates.filter((c) => c.state?.bookmarkAt).sort((a, b) => desc(a.state!.bookmarkAt, b.state!.bookmarkAt) || tie(a, b));
      break;
    case 'feedbacks':
      chosen = candidates
        .filter((c) => c.state?.feedbackScore != null)
        .sort((a, b) => b.state!.feedbackScore! - a.state!.feedbackScore! || desc(a.state!.feedbackAt ?? a.state!.updatedAt, b.state!.feedbackAt ?? b.state!.updatedAt) || tie(a, b));
      break;
    case 'history':
      chosen = candidates
        .filter((c) => c.state !== null && lastActivityOf(c.state) !== null)
        .sort((a, b) => desc(lastActivityOf(a.state!), lastActivityOf(b.state!)) || desc(a.state!.lastVisitAt, b.state!.lastVisitAt) || tie(a, b));
      break;
    case 'podcasts':
      // podcasts, then audio, then video; each in reversed catalogue order (the last published first)
      chosen = candidates
        .filter((c) => PODCAST_TYPES.includes(c.contentType))
        .sort((a, b) => PODCAST_TYPES.indexOf(a.contentType) - PODCAST_TYPES.indexOf(b.contentType) || b.catalogueIndex - a.catalogueIndex);
      break;
    case 'new':
      chosen = candidates.filter((c) => c.state === null || (lastActivityOf(c.state) === null && c.state.completedCount === 0)).sort((a, b) => desc(a.mediaUpdatedAt, b.mediaUpdatedAt) || tie(a, b));
      break;
    case 'recent':
      chosen = [...candidates].sort((a, b) => desc(a.mediaUpdatedAt, b.mediaUpdatedAt) || tie(a, b));
      break;
    default: {
      const exhaustive: never = playlist;
      throw new Error(`unknown playlist ${String(exhaustive)}`);
    }
  }
  const offset = options.offset ?? 0;
  const size = PAGE_SIZES[playlist] ?? options.limit ?? chosen.length;
  const items = chosen.slice(offset, offset + size);
  const next = offset + items.length;
  return { items, total: chosen.length, nextOffset: next < chosen.length ? next : null };
}

/** YYYY-MM-DD of an instant in an IANA time zone (history groups). */
export function calendarOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}
