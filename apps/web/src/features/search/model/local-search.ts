import Fuse, { type IFuseOptions } from 'fuse.js';
import { MIN_MATCH_CHARS, type SearchItem } from './search-model';

// The local search's index (fuse.js) in a file of its own: only the search dialog, fetched when
// it first opens, needs it; the shell's "/" shortcut reads search-model.ts (ADR 0013).

export const FUSE_OPTIONS: IFuseOptions<SearchItem> = {
  keys: ['contentTitle', 'stationTitle', 'cropTitle', 'searchKeywords'],
  threshold: 0.2,
  distance: 100,
  minMatchCharLength: MIN_MATCH_CHARS,
  isCaseSensitive: false,
  includeMatches: true,
  includeScore: true,
};

export interface LocalSearch {
  search(query: string): SearchItem[];
}

/** A fuse.js index over the items; results without matches are dropped (000 §5). */
export const createLocalSearch = (items: readonly SearchItem[]): LocalSearch => {
  const fuse = new Fuse([...items], FUSE_OPTIONS);
  return {
    search(query: string) {
      const q = query.trim();
      if (q.length === 0) return [];
      return fuse
        .search(q)
        .filter((result) => (result.matches?.length ?? 0) > 0)
        .map((result) => result.item);
    },
  };
};
